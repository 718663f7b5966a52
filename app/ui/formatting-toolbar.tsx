// The toolbar of a contentEditable editor: one button a formatting command, pressed without taking
// the focus, so the command applies to the selection still in the editable box. A tool shows its title, or
// a single glyph (B, I, U, •) named by its title: the accessible name always holds what one sees (ADR 0076).
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
          aria-label={tool.title}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onApply(tool)}
          className="rounded px-2 py-1 text-xs font-semibold text-gray-700 hover:bg-gray-100"
        >
          {tool.icon}
        </button>
      ))}
    </div>
  )
}
