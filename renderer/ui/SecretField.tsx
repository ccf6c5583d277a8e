/**
 * A field for a secret typed or pasted once (an access token, an application password): hidden
 * as it is typed, required, its hint tied to it. `autoComplete` says whether a password manager
 * may fill it ("off" for a token, which is no account's password).
 */
import { Field } from './Field.tsx';

type Props = {
  label: string;
  hint?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'off' | 'current-password';
  minLength?: number | undefined;
};

export function SecretField({ label, hint, value, onChange, autoComplete, minLength }: Props) {
  return (
    <Field label={label} hint={hint}>
      {(ids) => (
        <input
          id={ids.id}
          aria-describedby={ids.describedBy}
          type="password"
          required
          minLength={minLength}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
