import { useState } from 'react';
import { IconButton, InputAdornment } from '@mui/material';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffOutlinedIcon from '@mui/icons-material/VisibilityOffOutlined';
import { LightTextField, type LightTextFieldProps } from '../../../components/LightTextField';

/** A password input with a show/hide switch (a light field: the sign-in page has no select). */
export function PasswordField(props: Omit<LightTextFieldProps, 'type' | 'endAdornment'>) {
  const [shown, setShown] = useState(false);
  return (
    <LightTextField
      {...props}
      type={shown ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          <IconButton
            aria-label={shown ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            onClick={() => setShown((s) => !s)}
            edge="end"
            size="small"
          >
            {shown ? <VisibilityOffOutlinedIcon fontSize="small" /> : <VisibilityOutlinedIcon fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
