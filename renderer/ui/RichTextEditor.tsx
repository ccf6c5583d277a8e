/**
 * The description editor (Tiptap): paragraphs, bold, italic, links and lists, nothing else,
 * so what it stores is what websites can show safely. Its toolbar works from the keyboard;
 * Ctrl/⌘+B and +I work too.
 */
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldIds } from './Field.tsx';
import { linkAddress } from './link-address.ts';
import { cleanHtml, storedHtml } from './rich-text.ts';

type Props = { ids: FieldIds; value: string; onChange: (html: string) => void; lang: string };

const EXTENSIONS = [
  StarterKit.configure({
    heading: false,
    blockquote: false,
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
];

export function RichTextEditor({ ids, value, onChange, lang }: Props) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState<string | undefined>();
  const [badLink, setBadLink] = useState(false);
  const badLinkId = useId();
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: cleanHtml(value),
    onUpdate: ({ editor: changed }) => onChange(storedHtml(changed.getHTML())),
    editorProps: {
      attributes: {
        id: ids.id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': ids.labelId,
        ...(ids.describedBy ? { 'aria-describedby': ids.describedBy } : {}),
        lang,
        class: 'rich-text-input',
      },
    },
  });
  // Another language's text, or the record changed elsewhere: show it without a change event.
  useEffect(() => {
    if (editor.isDestroyed || storedHtml(editor.getHTML()) === value) return;
    editor.commands.setContent(cleanHtml(value), { emitUpdate: false });
  }, [editor, value]);
  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: { ...editor.options.editorProps.attributes, lang } },
    });
  }, [editor, lang]);
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      link: current.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  const currentLink = () => (editor.getAttributes('link').href as string | undefined) ?? 'https://';
  const openLink = () => {
    setBadLink(false);
    setLinking(currentLink());
  };
  /** False when the address is not one (the box stays open and says so). */
  const applyLink = (typed: string): boolean => {
    const href = linkAddress(typed);
    if (href === undefined) {
      setBadLink(true);
      return false;
    }
    chain().extendMarkRange('link').setLink({ href }).run();
    setLinking(undefined);
    return true;
  };
  const tool = (name: keyof typeof active, run: () => void) => (
    <button type="button" className="secondary" aria-pressed={active[name]} onClick={run}>
      {t(`editor.richText.${name}`)}
    </button>
  );

  return (
    <div className="rich-text">
      <div className="rich-text-tools" role="toolbar" aria-label={t('editor.richText.toolbar')}>
        {tool('bold', () => chain().toggleBold().run())}
        {tool('italic', () => chain().toggleItalic().run())}
        {tool('bulletList', () => chain().toggleBulletList().run())}
        {tool('orderedList', () => chain().toggleOrderedList().run())}
        {tool('link', openLink)}
      </div>
      {linking !== undefined && (
        <div className="rich-text-link">
          {/* Enter applies the link and Escape leaves it; neither closes the dialog. */}
          <input
            type="url"
            value={linking}
            aria-label={t('editor.richText.linkAddress')}
            aria-invalid={badLink || undefined}
            aria-describedby={badLink ? badLinkId : undefined}
            autoFocus
            // The prefilled "https://" is selected: an address pasted or typed replaces it.
            onFocus={(event) => event.target.select()}
            onChange={(event) => {
              setBadLink(false);
              setLinking(event.target.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                // Ctrl/⌘+Enter goes on to save the event, with the link; not with a bad one.
                const applied = applyLink(linking);
                if (!applied || (!event.metaKey && !event.ctrlKey)) event.preventDefault();
                if (!applied) event.stopPropagation();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                setLinking(undefined);
                editor.commands.focus();
              }
            }}
          />
          <button type="button" onClick={() => void applyLink(linking)}>
            {t('editor.richText.applyLink')}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => {
              chain().extendMarkRange('link').unsetLink().run();
              setLinking(undefined);
            }}
          >
            {t('editor.richText.removeLink')}
          </button>
          {badLink && (
            <p id={badLinkId} className="field-problem" role="alert">
              {t('editor.richText.badLink')}
            </p>
          )}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
