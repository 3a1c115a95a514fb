import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { isApiError } from '@pawline/api-client';
import { SNACKBAR_TYPE } from '@pawline/ui';
import { useEffect, useRef, useState } from 'react';
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

/** Whether the screen is worked by touch (a phone or tablet): their file pickers can open the camera. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const query = window.matchMedia('(pointer: coarse)');
    const follow = () => setCoarse(query.matches);
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return coarse;
}

/**
 * Picks a file, prepares it (`prepare`: a photo scaled and written as JPEG, issue 29), checks it against the
 * spec's limits (R5.10, R9.04) and sends it (`send`: an upload of the data layer, with a progress bar fed by
 * XMLHttpRequest upload progress, or a queue); a failure is said under the button and as an error snackbar.
 * With `camera`, a phone also offers to take the photo (an input with `capture`).
 */
export function UploadButton({
  kind,
  existingCount,
  upload,
  send,
  prepare,
  camera = false,
  accept,
  label,
  ctx,
  testId,
}: {
  kind: CrmUploadKind;
  existingCount: number;
  upload: UploadProgress;
  send: (file: File) => Promise<unknown>;
  prepare?: (file: File) => Promise<File>;
  camera?: boolean;
  /** the picker's accept list when `prepare` takes more than photos (a proof: a photo or a PDF) */
  accept?: string;
  label: string;
  ctx: ClientsContext;
  testId: string;
}) {
  const { t, bridge } = ctx;
  const input = useRef<HTMLInputElement>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const coarse = useCoarsePointer();
  const progress = upload.progress;

  const onFile = async (picked: File) => {
    setProblem(null);
    let file = picked;
    if (prepare) {
      setPreparing(true);
      try {
        file = await prepare(picked);
      } finally {
        setPreparing(false);
      }
    }
    const check = checkUpload(kind, file, existingCount);
    if (check) {
      setProblem(t(check.key, 'params' in check ? check.params : undefined));
      return;
    }
    try {
      await send(file);
    } catch (error) {
      const message = uploadFailureText(t, error);
      setProblem(message);
      bridge.notify(SNACKBAR_TYPE.error, message);
    }
  };
  const picker = (ref: typeof input, suffix: string, capture?: 'environment') => (
    <input
      ref={ref}
      type="file"
      hidden
      // a photo the browser can read is prepared into a JPEG, so any image a phone offers will do
      accept={accept ?? (prepare ? 'image/*' : acceptAttribute(kind))}
      capture={capture}
      data-testid={`${testId}-${suffix}`}
      onChange={(e) => {
        const file = e.currentTarget.files?.[0];
        e.currentTarget.value = '';
        if (file) void onFile(file);
      }}
    />
  );

  return (
    <Box data-testid={testId}>
      {picker(input, 'input')}
      {camera ? picker(cameraInput, 'camera', 'environment') : null}
      <HStack wrap="wrap">
        <Button size="sm" variant="outline" loading={progress !== null || preparing} onClick={() => input.current?.click()}>
          {label}
        </Button>
        {camera && coarse ? (
          <Button size="sm" variant="outline" disabled={progress !== null || preparing} onClick={() => cameraInput.current?.click()}>
            {t('clients.takePhoto')}
          </Button>
        ) : null}
      </HStack>
      {preparing ? (
        <Text fontSize="xs" mt="1" role="status" data-testid={`${testId}-preparing`}>
          {t('clients.preparingPhoto')}
        </Text>
      ) : null}
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
