/** The words of the rich-text editor, in the language of the screen that shows it. */
export interface RichTextEditorWords {
  /** The toolbar's accessible name. */
  toolbar: string;
  heading: string;
  subheading: string;
  bold: string;
  italic: string;
  bulletList: string;
  numberedList: string;
  link: string;
  /** The link dialog: its title, the address field, its hint, the buttons and the refusal of an address it cannot take. */
  linkDialog: {
    title: string;
    address: string;
    hint: string;
    apply: string;
    remove: string;
    cancel: string;
    close: string;
    invalid: string;
  };
}

/** What a Field hands the editor, plus the id of the field's label, which names the editable area. */
export interface RichTextEditorProps {
  id: string;
  labelId: string;
  'aria-invalid'?: true | undefined;
  'aria-describedby'?: string | undefined;
  /** The HTML shown; an empty string for nothing. */
  value: string;
  /** The HTML written, or an empty string when nothing is left. */
  onChange: (html: string) => void;
  words: RichTextEditorWords;
}

/** The editable area's least height; the skeleton shown while the editor loads has the editor's whole height. */
export const EDITOR_MIN_HEIGHT = 'min-h-40';
export const TOOLBAR_HEIGHT = 'h-11';
