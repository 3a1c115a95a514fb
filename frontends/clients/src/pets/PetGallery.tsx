import { Box, Button, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { StoredFile } from '@pawline/contracts';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { useEffect, useRef, useState } from 'react';
import { UploadButton } from '../files/UploadButton';
import { errorText, type ClientsContext } from '../shared/clients-context';

/** A pet's photos, at most 4 (R3.06, R9.04), shown through object URLs since they need the bearer token. */
export function PetGallery({
  ctx,
  orgaId,
  storeId,
  petId,
  initial,
}: {
  ctx: ClientsContext;
  orgaId: string;
  storeId: string;
  petId: string;
  initial: StoredFile[];
}) {
  const { crm, t, bridge } = ctx;
  const [files, setFiles] = useState<StoredFile[]>(initial);
  const [urls, setUrls] = useState<Record<string, string>>({});
  const requested = useRef(new Set<string>());

  useEffect(() => {
    for (const file of files) {
      if (requested.current.has(file.id)) continue;
      requested.current.add(file.id);
      // tiles show the thumbnail; an image stored before thumbnails existed shows itself
      const load = file.has_thumbnail ? crm.petThumbnailBlob : crm.petImageBlob;
      load(orgaId, storeId, petId, file.id).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          setUrls((current) => ({ ...current, [file.id]: url }));
        },
        () => undefined, // the tile keeps the file name when the bytes cannot be read
      );
    }
  }, [files, crm, orgaId, storeId, petId]);

  const remove = async (file: StoredFile) => {
    try {
      await crm.deletePetImage(orgaId, storeId, petId, file.id);
      setFiles((current) => current.filter((other) => other.id !== file.id));
    } catch (error) {
      bridge.notify(0, errorText(error));
    }
  };

  const replaced = (old: StoredFile, stored: StoredFile) => {
    setFiles((current) => current.map((other) => (other.id === old.id ? stored : other)));
    const url = urls[old.id];
    if (url) URL.revokeObjectURL(url);
  };

  return (
    <Stack gap="3" data-testid="pet-gallery">
      {files.length === 0 ? <Text color="fg.muted">{t('clients.noPhotos')}</Text> : null}
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {files.map((file) => (
          <Stack key={file.id} gap="1" data-testid="pet-photo">
            <Box borderWidth="1px" rounded="md" overflow="hidden" h="32" display="flex" alignItems="center" justifyContent="center">
              {urls[file.id] ? (
                <Image src={urls[file.id]} alt={file.file_name} objectFit="cover" h="full" w="full" />
              ) : (
                <Text fontSize="xs">{file.file_name}</Text>
              )}
            </Box>
            <UploadButton
              kind="pet_image"
              // the replaced image leaves: the count without it stays within the limit
              existingCount={files.length - 1}
              start={(picked, onProgress) => crm.replacePetImage(orgaId, storeId, petId, file.id, picked, onProgress)}
              onUploaded={(stored) => replaced(file, stored)}
              label={t('clients.replacePhoto')}
              t={t}
              notify={bridge.notify}
              testId="pet-photo-replace"
            />
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove(file)}>
              {t('clients.delete')}
            </Button>
          </Stack>
        ))}
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('clients.photoLimit', { count: files.length, max: UPLOAD_LIMITS.pet_image.maxFiles })}
      </Text>
      <UploadButton
        kind="pet_image"
        existingCount={files.length}
        start={(file, onProgress) => crm.uploadPetImage(orgaId, storeId, petId, file, onProgress)}
        onUploaded={(file) => setFiles((current) => [...current, file])}
        label={t('clients.addPhoto')}
        t={t}
        notify={bridge.notify}
        testId="pet-photo-upload"
      />
    </Stack>
  );
}
