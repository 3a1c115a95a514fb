import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { isApiError } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { useRef, useState } from 'react';
import type { StoredFile } from '../api/crm-api';
import type { Translate } from '../i18n/translator';
import { errorText, fieldMessage, type ClientsContext } from '../shared/clients-context';
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

/** An upload under way (useApiUpload): its progress from 0 to 1, null when none is. */
export type UploadProgress = { progress: number | null };

/**
 * Picks a file, checks it against the spec's limits (R5.10, R9.04) and sends it (`send`, an upload of the data
 * layer) with a progress bar fed by XMLHttpRequest upload progress; a failure is said under the button and as
 * an error snackbar.
 */
export function UploadButton({
  kind,
  existingCount,
  upload,
  send,
  onUploaded,
  label,
  ctx,
  testId,
}: {
  kind: CrmUploadKind;
  existingCount: number;
  upload: UploadProgress;
  send: (file: File) => Promise<StoredFile>;
  onUploaded?: (file: StoredFile) => void;
  label: string;
  ctx: ClientsContext;
  testId: string;
}) {
  const { t, bridge } = ctx;
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const progress = upload.progress;

  const onFile = async (file: File) => {
    const check = checkUpload(kind, file, existingCount);
    if (check) {
      setProblem(t(check.key, 'params' in check ? check.params : undefined));
      return;
    }
    setProblem(null);
    try {
      // awaited first: an optional call skips its arguments when there is no callback
      const stored = await send(file);
      onUploaded?.(stored);
    } catch (error) {
      const message = uploadFailureText(t, error);
      setProblem(message);
      bridge.notify(SNACKBAR_TYPE.error, message);
    } finally {
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
