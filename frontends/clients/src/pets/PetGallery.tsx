import { Box, Button, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useApiDownload, useApiMutation, useApiQuery, useApiUpload } from '@pawline/api-client';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { QueryState } from '@pawline/ui';
import { petImageWrites, type StoredFile } from '../api/crm-api';
import { canvasCodec, preparePhoto } from '../files/photo-prepare';
import { UploadButton } from '../files/UploadButton';
import type { ClientsContext } from '../shared/clients-context';
import { useObjectUrl } from '../shared/useObjectUrl';

type PetScope = { ctx: ClientsContext; orgaId: string; storeId: string; petId: string };

/** Issue 29: a photo is scaled and written as JPEG in the browser, so a phone's photo fits the 1 MB limit. */
export const preparePetPhoto = (file: File) => preparePhoto(file, canvasCodec);

/** A pet's photos, at most 4 (R3.06, R9.04), shown through object URLs since they need the bearer token. */
export function PetGallery({ ctx, orgaId, storeId, petId }: PetScope) {
  const { t, bridge } = ctx;
  const params = { orga: orgaId, store: storeId, pet: petId };
  const images = useApiQuery('listPetImages', { params });
  const add = useApiUpload('uploadPetImage', { invalidates: petImageWrites(orgaId, petId), notifyFailure: false });

  return (
    <Stack gap="3" data-testid="pet-gallery">
      <QueryState query={images} language={bridge.language} errorTitle={t('clients.loadFailed')}>
        {(files) => (
          <>
            {files.length === 0 ? <Text color="fg.muted">{t('clients.noPhotos')}</Text> : null}
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              {files.map((file) => (
                <PetPhotoTile key={file.id} ctx={ctx} orgaId={orgaId} storeId={storeId} petId={petId} file={file} count={files.length} />
              ))}
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {t('clients.photoLimit', { count: files.length, max: UPLOAD_LIMITS.pet_image.maxFiles })}
            </Text>
            <UploadButton
              kind="pet_image"
              existingCount={files.length}
              upload={add}
              send={(file) => add.mutateAsync({ file, input: { params } })}
              prepare={preparePetPhoto}
              camera
              label={t('clients.addPhoto')}
              ctx={ctx}
              testId="pet-photo-upload"
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/** One photo: its thumbnail (an image stored before thumbnails existed shows itself), replace (R7.04) and delete. */
function PetPhotoTile({ ctx, orgaId, storeId, petId, file, count }: PetScope & { file: StoredFile; count: number }) {
  const { t } = ctx;
  const params = { orga: orgaId, store: storeId, pet: petId };
  const bytes = useApiDownload(
    file.has_thumbnail ? 'downloadPetThumbnail' : 'downloadPetImage',
    { params: { ...params, file: file.id } },
    // a stored file never changes under its id; the tile keeps the file name when the bytes cannot be read
    { staleTime: Infinity, retry: false },
  );
  const url = useObjectUrl(bytes.data);
  const replace = useApiUpload('replaceThePetImage', { invalidates: petImageWrites(orgaId, petId), notifyFailure: false });
  const remove = useApiMutation('deleteThePetImage', { invalidates: petImageWrites(orgaId, petId) });

  return (
    <Stack gap="1" data-testid="pet-photo">
      <Box borderWidth="1px" rounded="md" overflow="hidden" h="32" display="flex" alignItems="center" justifyContent="center">
        {url ? <Image src={url} alt={file.file_name} objectFit="cover" h="full" w="full" /> : <Text fontSize="xs">{file.file_name}</Text>}
      </Box>
      <UploadButton
        kind="pet_image"
        // the replaced image leaves: the count without it stays within the limit
        existingCount={count - 1}
        upload={replace}
        send={(picked) => replace.mutateAsync({ file: picked, input: { params, query: { file_id: file.id } } })}
        prepare={preparePetPhoto}
        label={t('clients.replacePhoto')}
        ctx={ctx}
        testId="pet-photo-replace"
      />
      <Button
        size="xs"
        variant="ghost"
        colorPalette="red"
        loading={remove.isPending}
        onClick={() => remove.mutate({ params, query: { file_id: file.id } })}
      >
        {t('clients.delete')}
      </Button>
    </Stack>
  );
}
