// The contributor chat's editor: bold, italic, underline and lists over a contentEditable box once the
// page runs (the server keeps only its allow-listed HTML); before that, and without JavaScript, a
// plain textarea whose text the server turns into paragraphs.
import { forwardRef, useImperativeHandle, useRef } from 'react'
import { cn } from '#app/ui/cn'

export type RichTextHandle = { html: () => string; text: () => string; clear: () => void; focus: () => void }

const TOOLS = [
  { command: 'bold', label: 'Bold', icon: <b>B</b> },
  { command: 'italic', label: 'Italic', icon: <i>I</i> },
  { command: 'underline', label: 'Underline', icon: <u>U</u> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <span>•</span> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <span>1.</span> },
] as const

export const RichTextEditor = forwardRef<RichTextHandle, { hydrated: boolean; id: string; defaultValue?: string; onEnter?: () => void }>(function RichTextEditor(
  { hydrated, id, defaultValue, onEnter },
  ref,
) {
  const box = useRef<HTMLDivElement>(null)
  useImperativeHandle(ref, () => ({
    html: () => box.current?.innerHTML ?? '',
    text: () => box.current?.innerText ?? '',
    clear: () => {
      if (box.current) box.current.innerHTML = ''
    },
    focus: () => box.current?.focus(),
  }))
  if (!hydrated) {
    return (
      <>
        <input type="hidden" name="format" value="text" />
        <label htmlFor={id} className="sr-only">
          Message
        </label>
        <textarea
          id={id}
          name="content"
          rows={3}
          defaultValue={defaultValue}
          placeholder="Type a message"
          className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-400"
        />
      </>
    )
  }
  return (
    <div className="rounded-md ring-1 ring-gray-300 ring-inset focus-within:ring-2 focus-within:ring-brand-600">
      <div role="toolbar" aria-label="Formatting" className="flex gap-1 border-b border-gray-200 px-2 py-1">
        {TOOLS.map((tool) => (
          <button
            key={tool.command}
            type="button"
            title={tool.label}
            aria-label={tool.label}
            // Keep the selection in the box: the button must not take focus.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => document.execCommand(tool.command)}
            className="rounded px-2 py-0.5 text-sm text-gray-700 hover:bg-gray-100"
          >
            {tool.icon}
          </button>
        ))}
      </div>
      <div
        ref={box}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-label="Message"
        contentEditable
        suppressContentEditableWarning
        onKeyDown={(e) => {
          // Enter starts a new line (lists need it); Ctrl or Cmd with Enter sends.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && onEnter) {
            e.preventDefault()
            onEnter()
          }
        }}
        className={cn('min-h-[4.5rem] max-h-48 overflow-y-auto px-3 py-2 text-sm text-gray-900 outline-none [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5')}
      />
    </div>
  )
})
