import { useId, useState, type FormEvent } from 'react';

export function PasswordForm({ name, message, onSubmit }: { name: string; message?: string; onSubmit: (password: string) => void }) {
  const [password, setPassword] = useState('');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(password);
  };
  return (
    <form className="password-form" onSubmit={submit}>
      {message && (
        <p className="doc-message" role="alert">
          {message}
        </p>
      )}
      <label htmlFor={id}>Password for {name}</label>
      <div className="password-form__row">
        <input id={id} type="password" autoComplete="off" value={password} onChange={(e) => setPassword(e.target.value)} />
        <button type="submit" className="button">
          Open
        </button>
      </div>
    </form>
  );
}
