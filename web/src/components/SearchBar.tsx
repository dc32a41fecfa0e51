import { useState, type KeyboardEvent } from 'react';
import { FormControl, IconButton, InputAdornment, OutlinedInput } from '@mui/material';
import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';

export interface SearchBarProps {
  /** What is searched, as it reads after "Rechercher" (e.g. "un restaurant"). */
  thing: string;
  /** Controlled text; leave undefined to let the bar keep its own. */
  value?: string;
  /** Called on every keystroke, to filter as the user types. */
  onChange?: (text: string) => void;
  /** Called on Enter with the trimmed text, never with a blank one. */
  onCommit?: (text: string) => void;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/** Search box: filters as you type; Enter commits the trimmed text; blank input commits nothing. */
export function SearchBar({ thing, value, onChange, onCommit, autoFocus, size = 'small', fullWidth = true }: SearchBarProps) {
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const placeholder = `Rechercher ${thing}...`;

  const change = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed) onCommit?.(trimmed);
  };

  // TextField's parts without TextField (which brings Select, Menu and Popover for its `select`
  // mode): the side menu's search is on every signed-in screen (issue 16). Same root, classes and look.
  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      size={size}
      fullWidth={fullWidth}
      sx={{
        '& input[type=search]::-webkit-search-cancel-button': { display: 'none' },
        '& .MuiInputBase-input': size === 'small' ? { fontSize: '0.875rem', py: 1 } : {},
      }}
    >
      <OutlinedInput
        type="search"
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        inputProps={{ 'aria-label': placeholder, enterKeyHint: 'search' }}
        startAdornment={
          <InputAdornment position="start">
            <SearchRoundedIcon fontSize="small" sx={{ color: 'text.secondary' }} />
          </InputAdornment>
        }
        endAdornment={
          text ? (
            <InputAdornment position="end">
              <IconButton size="small" aria-label="Effacer la recherche" onClick={() => change('')} edge="end">
                <CloseRoundedIcon fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined
        }
      />
    </FormControl>
  );
}
