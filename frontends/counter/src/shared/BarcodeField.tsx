import { Input } from '@chakra-ui/react';
import { FormField } from '@pawline/ui';
import { useState, type KeyboardEvent } from 'react';

/**
 * The field a barcode scanner types into: it sends the code and Enter as keystrokes, so Enter hands the
 * code on and empties the field for the next scan. A person can type a code or a name the same way.
 */
export function BarcodeField({
  label,
  helper,
  error,
  onScan,
  testId,
}: {
  label: string;
  helper: string;
  error?: string | null;
  onScan: (code: string) => void;
  testId: string;
}) {
  const [code, setCode] = useState('');
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const scanned = code.trim();
    if (!scanned) return;
    onScan(scanned);
    setCode('');
  };
  return (
    <FormField label={label} helper={helper} error={error ?? null}>
      <Input
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        inputMode="search"
        data-testid={testId}
      />
    </FormField>
  );
}
