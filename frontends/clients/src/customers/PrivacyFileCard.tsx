import { Button, Card, Heading, HStack, Text } from '@chakra-ui/react';
import { API_ROUTES, useApiHttp, useApiMutation, useApiQuery, useApiUpload } from '@pawline/api-client';
import { apiErrorText, QueryState, SNACKBAR_TYPE } from '@pawline/ui';
import { privacyFileWrites, type StoredFile } from '../api/crm-api';
import { UploadButton } from '../files/UploadButton';
import type { ClientsContext } from '../shared/clients-context';

/** R3.05 R7.04 the customer's privacy file (one, R9.04): upload with progress, open, delete. */
export function PrivacyFileCard({
  ctx,
  orgaId,
  storeId,
  customerId,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  customerId: string;
}) {
  const { t, bridge } = ctx;
  const http = useApiHttp();
  const params = { orga: orgaId, store: storeId, customer: customerId };
  const files = useApiQuery('listPrivacyFiles', { params });
  const upload = useApiUpload('uploadPrivacyFile', { invalidates: privacyFileWrites(orgaId, customerId), notifyFailure: false });
  const remove = useApiMutation('deletePrivacyFile', { invalidates: privacyFileWrites(orgaId, customerId) });

  // the file needs the bearer token: it opens through an object URL
  const open = async (file: StoredFile) => {
    try {
      const blob = await http.download(API_ROUTES.downloadPrivacyFile, { params: { ...params, file: file.id } });
      window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    } catch (error) {
      bridge.notify(SNACKBAR_TYPE.error, apiErrorText(error, bridge.language));
    }
  };

  return (
    <Card.Root data-testid="privacy-file">
      <Card.Header>
        <Heading size="md">{t('clients.privacyFile')}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <QueryState query={files} language={bridge.language} errorTitle={t('clients.loadFailed')}>
          {(list) => (
            <>
              {list.length === 0 ? <Text color="fg.muted">{t('clients.noPrivacyFile')}</Text> : null}
              {list.map((file) => (
                <HStack key={file.id} data-testid="privacy-file-row">
                  <Button size="sm" variant="ghost" onClick={() => void open(file)}>
                    {file.file_name}
                  </Button>
                  <Text fontSize="sm" color="fg.muted">{`${Math.ceil(file.size / 1024)} KB`}</Text>
                  <Button
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    loading={remove.isPending && remove.variables?.params.file === file.id}
                    onClick={() => remove.mutate({ params: { ...params, file: file.id } })}
                  >
                    {t('clients.delete')}
                  </Button>
                </HStack>
              ))}
              <UploadButton
                kind="customer_privacy"
                existingCount={list.length}
                upload={upload}
                send={(file) => upload.mutateAsync({ file, input: { params } })}
                label={t('clients.uploadPrivacyFile')}
                ctx={ctx}
                testId="privacy-upload"
              />
            </>
          )}
        </QueryState>
      </Card.Body>
    </Card.Root>
  );
}
