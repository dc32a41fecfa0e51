import { fireEvent, screen, within } from '@testing-library/react';

/**
 * Date fields are MUI X pickers: the visible field is a group of sections (jj/mm/aaaa) labelled by
 * the label, backed by a hidden input holding the displayed text. Tests read and type through it.
 */
export function dateInput(label: string, container?: HTMLElement): HTMLInputElement {
  const q = container ? within(container) : screen;
  const input = q.getAllByLabelText(label).find((el): el is HTMLInputElement => el instanceof HTMLInputElement);
  if (!input) throw new Error(`no date field labelled ${label}`);
  return input;
}

/** The field's value as yyyy-mm-dd ('' when empty or incomplete). */
export function dateValue(label: string, container?: HTMLElement): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dateInput(label, container).value);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
}

/** Types a whole date (yyyy-mm-dd) into the field, as a user would paste jj/mm/aaaa. */
export function setDate(label: string, day: string, container?: HTMLElement): void {
  const [y, m, d] = day.split('-');
  fireEvent.change(dateInput(label, container), { target: { value: `${d}/${m}/${y}` } });
}
