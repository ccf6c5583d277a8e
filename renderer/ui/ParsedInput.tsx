/**
 * A text field for a value kept in one form (ISO) and shown in another (the UI language's): it
 * shows `format(value)`, and passes on what is typed as soon as `parse` reads it, so a change
 * takes effect while typing (the end follows the start, the calendar moves). Leaving the field
 * writes a read value in its shown form. What cannot be read is marked invalid and either
 * passed on as typed (`invalid="typed"`: a form's schema then refuses it by the field) or put
 * back to the last value on leaving the field (`invalid="previous"`).
 */
import { useState, type InputHTMLAttributes, type Ref } from 'react';

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'defaultValue'
>;

export type ParsedInputProps = InputProps & {
  value: string;
  onChange: (value: string) => void;
  invalid?: 'typed' | 'previous';
  ref?: Ref<HTMLInputElement>;
};

type Props = ParsedInputProps & {
  format: (value: string) => string;
  parse: (text: string) => string | undefined;
};

export function ParsedInput(props: Props) {
  const { value, onChange, format, parse, invalid = 'previous', onBlur, ...input } = props;
  // The text as typed, and the value it was typed for: a value changed from outside (a moved
  // start, another language) shows anew.
  const [typed, setTyped] = useState<{ text: string; for: string } | undefined>();
  const current = typed && typed.for === value ? typed.text : format(value);
  const unread = current.trim() !== '' && parse(current) === undefined;
  return (
    <input
      {...input}
      type="text"
      autoComplete="off"
      spellCheck={false}
      aria-invalid={input['aria-invalid'] || unread || undefined}
      value={current}
      onChange={(event) => {
        const text = event.target.value;
        const read = text.trim() === '' ? '' : parse(text);
        const next = read ?? (invalid === 'typed' ? text : value);
        setTyped({ text, for: next });
        if (next !== value) onChange(next);
      }}
      onBlur={(event) => {
        setTyped(undefined);
        onBlur?.(event);
      }}
    />
  );
}
