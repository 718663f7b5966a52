// Contract editor: a small contenteditable with a toolbar once JavaScript runs; a plain HTML textarea without it.
// Either way the server sanitizes what is posted, and the HTML shown here already came through the sanitizer:
// the loader's saved contract, or after a refused post the submitted value as sanitizeSubmittedHtml sent it back.
import { useEffect, useId, useRef, useState } from 'react'
import { useField } from 'remix-validated-form'
import { FieldError, inputClass, labelClass } from '#app/components/form-parts'
import { FormattingToolbar, type FormattingTool } from '#app/ui/formatting-toolbar'
import { useHydrated } from '#app/ui/use-hydrated'

const RICH =
  '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:font-semibold [&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_a]:text-brand-600 [&_a]:underline [&_td]:border [&_td]:p-1 [&_th]:border [&_th]:p-1'

const COMMANDS: FormattingTool[] = [
  { icon: 'B', title: 'Bold', run: () => document.execCommand('bold') },
  { icon: 'I', title: 'Italic', run: () => document.execCommand('italic') },
  { icon: 'U', title: 'Underline', run: () => document.execCommand('underline') },
  { icon: 'Heading', title: 'Heading', run: () => document.execCommand('formatBlock', false, 'h2') },
  { icon: 'Paragraph', title: 'Paragraph', run: () => document.execCommand('formatBlock', false, 'p') },
  { icon: 'Bulleted list', title: 'Bulleted list', run: () => document.execCommand('insertUnorderedList') },
  { icon: 'Numbered list', title: 'Numbered list', run: () => document.execCommand('insertOrderedList') },
  {
    icon: 'Link',
    title: 'Link',
    run: () => {
      const url = window.prompt('Link address (https://…)')
      if (url && /^(https?:|mailto:)/i.test(url.trim())) document.execCommand('createLink', false, url.trim())
    },
  },
]

export function RichTextEditor({ name, label, initialHtml, onDirty }: { name: string; label: string; initialHtml: string; onDirty?: () => void }) {
  const id = useId()
  const hydrated = useHydrated()
  const { error, defaultValue } = useField(name)
  const start = typeof defaultValue === 'string' ? defaultValue : initialHtml
  const [html, setHtml] = useState(start)
  const editor = useRef<HTMLDivElement>(null)

  // The sanitized HTML is set once; afterwards the browser owns the editable DOM.
  useEffect(() => {
    if (hydrated && editor.current) editor.current.innerHTML = start
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated])

  if (!hydrated) {
    return (
      <div>
        <label htmlFor={id} className={labelClass}>
          {label} (HTML)
        </label>
        <textarea id={id} name={name} defaultValue={start} rows={14} className={`${inputClass} font-mono`} aria-invalid={error ? true : undefined} />
        <FieldError id={`${id}-error`} error={error} />
      </div>
    )
  }
  return (
    <div>
      <span id={`${id}-label`} className={labelClass}>
        {label}
      </span>
      <div className="rounded-md ring-1 ring-gray-300 ring-inset">
        <FormattingToolbar
          tools={COMMANDS}
          onApply={(c) => {
            editor.current?.focus()
            c.run()
            setHtml(editor.current?.innerHTML ?? '')
            onDirty?.()
          }}
        />
        <div
          ref={editor}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          contentEditable
          suppressContentEditableWarning
          data-testid="rich-text-editor"
          onInput={() => {
            setHtml(editor.current?.innerHTML ?? '')
            onDirty?.()
          }}
          className={`${RICH} min-h-64 p-3 text-sm focus:outline-none`}
        />
      </div>
      <input type="hidden" name={name} value={html} />
      <FieldError id={`${id}-error`} error={error} />
    </div>
  )
}

/** Shows sanitized contract HTML (the loader sanitized it again on the way out). */
export function ContractView({ html }: { html: string }) {
  return <div className={`${RICH} rounded-md bg-white p-4 text-sm ring-1 ring-gray-200`} data-testid="contract-content" dangerouslySetInnerHTML={{ __html: html }} />
}
