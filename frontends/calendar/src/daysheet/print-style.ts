/** What marks the sheet in the page, for the print stylesheet. */
export const SHEET_ATTR = 'data-day-sheet';

/**
 * Printing shows only the sheet. The remote does not know the shell's markup (sidebar, top bar), so every
 * element on the way down to the sheet hides its other children and drops the layout that would clip or
 * shift a printed page (fixed heights, scrolling panes, margins of the shell's frame). Each groomer starts a
 * new page; buttons and links marked data-print="hide" are not printed.
 */
export const PRINT_CSS = `
@media print {
  :has([${SHEET_ATTR}]) > :not([${SHEET_ATTR}]):not(:has([${SHEET_ATTR}])) { display: none !important; }
  :has([${SHEET_ATTR}]) {
    display: block !important; position: static !important; overflow: visible !important;
    height: auto !important; min-height: 0 !important; max-height: none !important;
    width: auto !important; max-width: none !important; margin: 0 !important; padding: 0 !important;
    border: 0 !important; box-shadow: none !important; background: none !important; transform: none !important;
  }
  [${SHEET_ATTR}] [data-print="hide"] { display: none !important; }
  [${SHEET_ATTR}] [data-sheet-section] + [data-sheet-section] { break-before: page; }
  [${SHEET_ATTR}] tr { break-inside: avoid; }
  [${SHEET_ATTR}], [${SHEET_ATTR}] * { color: #000 !important; background: none !important; }
}
`;
