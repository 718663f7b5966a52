// The toolbar of a contentEditable editor: one button a formatting command, pressed without taking
// the focus, so the command applies to the selection still in the editable box. A tool shows its title in
// words, or a glyph (B, I, U, •, 1.) as an icon named by its title (ADR 0076).
import type { ReactNode } from 'react'

export type FormattingTool = { title: string; icon: ReactNode; run: () => void }

export function FormattingToolbar<T extends FormattingTool>({ tools, onApply }: { tools: readonly T[]; onApply: (tool: T) => void }) {
  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap gap-1 border-b border-gray-200 p-1">
      {tools.map((tool) => (
        <button
          key={tool.title}
          type="button"
          title={tool.title}
          // A tool that shows its title is named by it; a glyph (B, 1.) is an icon, hidden from the name.
          aria-label={tool.icon === tool.title ? undefined : tool.title}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onApply(tool)}
          className="rounded px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100"
        >
          {tool.icon === tool.title ? tool.icon : <span aria-hidden="true">{tool.icon}</span>}
        </button>
      ))}
    </div>
  )
}
