import { useRef, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseCircleFilled as ERROR, Eye as EYE_OPEN, EyeInvisible as EYE_SHUT, Icon, Loading, type Glyph } from './icons.tsx';
import { NS } from './messages.ts';

/** A field check: the i18n key of its message, or null when the value is fine. */
export type Rule = (value: string) => string | null;

/**
 * The sign-in forms' state: values, and errors as message keys (so they
 * follow a language switch). A field is checked on submit, and from then on
 * as it is typed in, like antd's Form did.
 */
export function useFields<K extends string>(
  initial: Record<K, string>,
  rules: Record<K, Rule>,
  /** `normalize` cleans a typed value (digits only …); `onChange` runs after every edit (to drop a stale refusal). */
  opts: { normalize?: Partial<Record<K, (value: string) => string>>; onChange?: () => void } = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const checked = useRef(new Set<K>());

  const check = (names: readonly K[], from: Record<K, string>): boolean => {
    const found: Partial<Record<K, string | null>> = {};
    for (const name of names) {
      checked.current.add(name);
      found[name] = rules[name](from[name]);
    }
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) {
        const key = found[name];
        if (key) next[name] = key;
        else delete next[name];
      }
      return next;
    });
    return names.every((name) => !found[name]);
  };

  const set = (name: K, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked.current.has(name)) check([name], next);
  };

  return {
    values,
    errors,
    /** Checks the named fields now; true when all pass. */
    validate: (names: readonly K[]) => check(names, values),
    set,
    /** A <Field>'s name, value, edit handler and error. */
    bind: (name: K) => ({
      name,
      value: values[name],
      error: errors[name],
      onValue: (value: string) => {
        set(name, opts.normalize?.[name]?.(value) ?? value);
        opts.onChange?.();
      },
    }),
  };
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  icon: Glyph;
  value: string;
  onValue: (value: string) => void;
  /** Message key of the field's error, if any. */
  error?: string;
  extra?: ReactNode;
  /** Shown right of the input (captcha image, 'get code'). */
  after?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** A show/hide button for a password. */
  reveal?: boolean;
}

/** One labelled input with its icon, error and hint, styled like the rest of the app's large inputs. */
export function Field({ id, icon, value, onValue, error, extra, after, inputRef, reveal, type, ...input }: FieldProps) {
  const { t } = useTranslation(NS);
  const [shown, setShown] = useState(false);
  const errorId = `${id}_error`;
  const extraId = `${id}_extra`;
  const box = (
    <span className="ma-login-input">
      <Icon glyph={icon} className="ma-login-input-prefix" />
      <input
        {...input}
        id={id}
        ref={inputRef}
        type={reveal ? (shown ? 'text' : 'password') : (type ?? 'text')}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : '', extra ? extraId : ''].filter(Boolean).join(' ') || undefined}
      />
      {reveal ? (
        <button
          type="button"
          className="ma-login-reveal"
          aria-label={t(shown ? 'hidePassword' : 'showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <Icon glyph={shown ? EYE_OPEN : EYE_SHUT} />
        </button>
      ) : null}
    </span>
  );
  return (
    <div className={`ma-login-field${error ? ' has-error' : ''}`}>
      {after ? (
        <div className="ma-login-inline">
          {box}
          {after}
        </div>
      ) : (
        box
      )}
      {error ? (
        <div className="ma-login-field-error" id={errorId} role="alert">
          {t(error)}
        </div>
      ) : null}
      {extra ? (
        <div className="ma-login-field-extra" id={extraId}>
          {extra}
        </div>
      ) : null}
    </div>
  );
}

/** antd puts a space between the two characters of a two-character Chinese button label (登 录); so do we. */
export function buttonText(text: string): string {
  return /^[\u4e00-\u9fa5]{2}$/.test(text) ? text.split('').join(' ') : text;
}

/** A plain button styled like antd's; `primary` fills it, `loading` adds the spinner. */
export function LoginButton({
  primary,
  loading,
  className,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; loading?: boolean }) {
  return (
    <button
      type="button"
      {...button}
      className={`ma-login-btn${primary ? ' is-primary' : ''}${loading ? ' is-loading' : ''}${className ? ` ${className}` : ''}`}
      aria-busy={loading || undefined}
    >
      {loading ? <Icon glyph={Loading} spin /> : null}
      <span>{typeof children === 'string' ? buttonText(children) : children}</span>
    </button>
  );
}

/** The page's error banner (server message of a refused sign-in). */
export function LoginError({ children }: { children: string }) {
  return (
    <div className="ma-login-error" role="alert">
      <Icon glyph={ERROR} className="ma-login-error-icon" />
      <span>{children}</span>
    </div>
  );
}
