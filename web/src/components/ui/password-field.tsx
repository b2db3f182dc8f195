import { useState } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** A password input with a show/hide toggle that keeps its own visibility. */
export const PasswordField = (props: Omit<TextFieldProps, 'type' | 'addon'>) => {
  const [visible, setVisible] = useState(false);
  const name = props.label.toLowerCase();
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={`${visible ? 'Hide' : 'Show'} ${name}`}
          className="rounded px-2 py-1 text-xs font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
};
