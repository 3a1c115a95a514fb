import { Box, Button, HStack, Text } from '@chakra-ui/react';
import type { StoredFile } from '@pawline/contracts';
import { useRef, useState } from 'react';
import type { Upload } from '../api/crm-api';
import { errorText, fieldMessage } from '../shared/clients-context';
import type { Translate } from '../i18n/translator';
import { isApiError } from '@pawline/api-client';
import { acceptAttribute, checkUpload, type CrmUploadKind } from './upload-check';

/**
 * What the user reads when an upload fails, in their language: the browser's own failures (no
 * connection, cancelled) from the catalogues; the server's answer carries its text in the language
 * the request asked for (the spec text with its limit), else its field's message.
 */
export function uploadFailureText(t: Translate, error: unknown): string {
  if (isApiError(error)) {
    if (error.code === 'network') return t('errors.network');
    if (error.code === 'aborted') return t('clients.uploadAborted');
    if (error.message) return error.message;
    const field = error.fields?.file;
    if (field) return fieldMessage(t, field, {});
  }
  return errorText(error);
}

/**
 * Picks a file, checks it against the spec's limits (R5.10, R9.04) and sends it with a
 * progress bar fed by XMLHttpRequest upload progress.
 */
export function UploadButton({
  kind,
  existingCount,
  start,
  onUploaded,
  label,
  t,
  notify,
  testId,
}: {
  kind: CrmUploadKind;
  existingCount: number;
  start: (file: File, onProgress: (fraction: number) => void) => Upload;
  onUploaded: (file: StoredFile) => void;
  label: string;
  t: Translate;
  notify: (type: 0 | 1 | 2 | 3, message: string) => void;
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (file: File) => {
    const check = checkUpload(kind, file, existingCount);
    if (check) {
      setProblem(t(check.key, 'params' in check ? check.params : undefined));
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      const stored = await start(file, setProgress).done;
      onUploaded(stored);
    } catch (error) {
      const message = uploadFailureText(t, error);
      setProblem(message);
      notify(0, message);
    } finally {
      setProgress(null);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Box data-testid={testId}>
      <input
        ref={input}
        type="file"
        hidden
        accept={acceptAttribute(kind)}
        data-testid={`${testId}-input`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void onFile(file);
        }}
      />
      <HStack>
        <Button size="sm" variant="outline" loading={progress !== null} onClick={() => input.current?.click()}>
          {label}
        </Button>
      </HStack>
      {progress !== null ? (
        <Box mt="2" maxW="sm">
          <progress
            max={100}
            value={Math.round(progress * 100)}
            aria-label={t('clients.uploading')}
            data-testid={`${testId}-progress`}
            style={{ width: '100%' }}
          />
          <Text fontSize="xs">{`${Math.round(progress * 100)} %`}</Text>
        </Box>
      ) : null}
      {problem ? (
        <Text color="red.600" fontSize="sm" mt="1" role="alert" data-testid={`${testId}-error`}>
          {problem}
        </Text>
      ) : null}
    </Box>
  );
}
