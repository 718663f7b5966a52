// The contributor chat's editor: bold, italic, underline and lists over a contentEditable box once the
// page runs (the server keeps only its allow-listed HTML); before that, and without JavaScript, a
// plain textarea whose text the server turns into paragraphs.
// Not the contract editor (content/rich-text-editor.tsx, a form field posting HTML): a composer read, sent over the socket and cleared; only the toolbar is shared.
import { forwardRef, useImperativeHandle, useRef } from 'react'
import { cn } from '#app/ui/cn'
import { FormattingToolbar, type FormattingTool } from '#app/ui/formatting-toolbar'

export type RichTextHandle = { html: () => string; text: () => string; clear: () => void; focus: () => void }

const TOOLS: FormattingTool[] = [
  { title: 'Bold', icon: <b>B</b>, run: () => document.execCommand('bold') },
  { title: 'Italic', icon: <i>I</i>, run: () => document.execCommand('italic') },
  { title: 'Underline', icon: <u>U</u>, run: () => document.execCommand('underline') },
  { title: 'Bulleted list', icon: <span>•</span>, run: () => document.execCommand('insertUnorderedList') },
  { title: 'Numbered list', icon: <span>1.</span>, run: () => document.execCommand('insertOrderedList') },
]

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
          className="block w-full resize-y rounded-md border-0 px-3 py-2 text-sm text-gray-900 ring-1 ring-gray-300 ring-inset placeholder:text-gray-500"
        />
      </>
    )
  }
  return (
    <div className="rounded-md ring-1 ring-gray-300 ring-inset focus-within:ring-2 focus-within:ring-brand-600">
      <FormattingToolbar tools={TOOLS} onApply={(tool) => tool.run()} />
      <div
        ref={box}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-label="Message"
        tabIndex={0}
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
