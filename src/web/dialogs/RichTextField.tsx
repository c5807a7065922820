import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, Link2, List, ListOrdered, Quote, Redo2, Underline, Undo2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useT, type MessageKey } from '@web/i18n';
import { cn } from '@web/lib/cn';
import { Field } from './fields';

interface Tool {
  label: MessageKey;
  icon: LucideIcon;
  active?: string | [string, Record<string, unknown>];
  run(editor: NonNullable<ReturnType<typeof useEditor>>): void;
}

const TOOLS: readonly Tool[] = [
  { label: 'editor.bold', icon: Bold, active: 'bold', run: (editor) => editor.chain().focus().toggleBold().run() },
  { label: 'editor.italic', icon: Italic, active: 'italic', run: (editor) => editor.chain().focus().toggleItalic().run() },
  { label: 'editor.underline', icon: Underline, active: 'underline', run: (editor) => editor.chain().focus().toggleUnderline().run() },
  { label: 'editor.heading', icon: Heading2, active: ['heading', { level: 2 }], run: (editor) => editor.chain().focus().toggleHeading({ level: 2 }).run() },
  { label: 'editor.bulletList', icon: List, active: 'bulletList', run: (editor) => editor.chain().focus().toggleBulletList().run() },
  { label: 'editor.orderedList', icon: ListOrdered, active: 'orderedList', run: (editor) => editor.chain().focus().toggleOrderedList().run() },
  { label: 'editor.quote', icon: Quote, active: 'blockquote', run: (editor) => editor.chain().focus().toggleBlockquote().run() },
  {
    label: 'editor.link',
    icon: Link2,
    active: 'link',
    run: (editor) => {
      const current = editor.getAttributes('link').href as string | undefined;
      const href = window.prompt('URL', current ?? 'https://');
      if (href === null) return;
      // Only web and mail links: a `javascript:` one would be removed by the sanitiser anyway.
      if (!href.trim() || !/^(https?:\/\/|mailto:|\/)/i.test(href.trim())) editor.chain().focus().extendMarkRange('link').unsetLink().run();
      else editor.chain().focus().extendMarkRange('link').setLink({ href: href.trim() }).run();
    },
  },
  { label: 'editor.undo', icon: Undo2, run: (editor) => editor.chain().focus().undo().run() },
  { label: 'editor.redo', icon: Redo2, run: (editor) => editor.chain().focus().redo().run() },
];

/**
 * A rich-text field (系统通告's body): bold, italic, underline, headings, lists, quotes and links
 * with a toolbar, the usual shortcuts (Ctrl+B…) and Ctrl+Enter to submit the form. Its value is
 * HTML, read once when the field opens (the form opens with its record loaded); the server
 * sanitises it before storing and the reader again before showing it.
 */
export function RichTextField({
  label,
  value,
  onChange,
  error,
  testId,
  required,
}: {
  label: string;
  value: string;
  onChange(html: string): void;
  error?: string | undefined;
  testId?: string;
  required?: boolean | undefined;
}) {
  const t = useT();
  const id = useId();
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } })],
    content: value,
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, class: 'announcement-body min-h-40 max-h-80 overflow-y-auto px-3 py-2 text-sm leading-7 outline-none' },
      // Ctrl+Enter submits, as in every form of the console.
      handleKeyDown: (view, event) => {
        if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey)) return false;
        event.preventDefault();
        (view.dom.closest('form') as HTMLFormElement | null)?.requestSubmit();
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => TOOLS.map((tool) => (tool.active && current ? (Array.isArray(tool.active) ? current.isActive(...tool.active) : current.isActive(tool.active)) : false)),
  });
  return (
    <Field label={label} required={required} error={error} htmlFor={id}>
      <div className={cn('rounded border bg-surface focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20', error ? 'border-danger' : 'border-[#d9d9d9]')} data-testid={testId}>
        <div role="toolbar" aria-label={t('editor.toolbar')} className="flex flex-wrap gap-0.5 border-b border-border px-1 py-1">
          {TOOLS.map((tool, index) => (
            <button
              key={tool.label}
              type="button"
              title={t(tool.label)}
              aria-label={t(tool.label)}
              aria-pressed={tool.active ? Boolean(active?.[index]) : undefined}
              disabled={!editor}
              onClick={() => editor && tool.run(editor)}
              className={cn('flex size-7 items-center justify-center rounded hover:bg-black/5', active?.[index] && 'bg-primary-soft text-primary-strong')}
            >
              <tool.icon className="size-4" aria-hidden />
            </button>
          ))}
        </div>
        <EditorContent editor={editor} />
      </div>
    </Field>
  );
}
