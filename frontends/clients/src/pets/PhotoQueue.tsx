import { Box, Card, Heading, IconButton, Image, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { UPLOAD_LIMITS } from '@pawline/domain';
import { UploadButton } from '../files/UploadButton';
import type { ClientsContext } from '../shared/clients-context';
import { useObjectUrl } from '../shared/useObjectUrl';
import { preparePetPhoto } from './PetGallery';

/** The photos being added after a save: which one of how many, and its upload's progress (0 to 1). */
export type QueueUpload = { current: number; total: number; progress: number | null };

/**
 * Issue 29 a new pet's photos, chosen (or taken) while it is created: prepared and checked at once, shown
 * here, and sent once the pet is saved (R9.04: at most 4).
 */
export function PhotoQueue({
  ctx,
  files,
  onAdd,
  onRemove,
  uploading,
}: {
  ctx: ClientsContext;
  files: readonly File[];
  /** adds a photo unless the queue is full (photos picked quickly one after the other each count) */
  onAdd: (file: File) => void;
  onRemove: (file: File) => void;
  uploading: QueueUpload | null;
}) {
  const { t } = ctx;
  return (
    <Card.Root data-testid="photo-queue">
      <Card.Header>
        <Heading size="md">{t('clients.queuedPhotos')}</Heading>
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('clients.queuedPhotosHint')}
        </Text>
        {files.length > 0 ? (
          <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
            {files.map((file, index) => (
              <QueuedPhoto key={`${index}-${file.name}`} ctx={ctx} file={file} onRemove={() => onRemove(file)} />
            ))}
          </SimpleGrid>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {t('clients.photoLimit', { count: files.length, max: UPLOAD_LIMITS.pet_image.maxFiles })}
        </Text>
        {uploading ? (
          <Stack gap="1" maxW="sm" role="status" data-testid="photo-queue-uploading">
            <Text fontSize="sm">{t('clients.addingPhotos', { current: uploading.current, total: uploading.total })}</Text>
            <progress
              max={100}
              value={Math.round((uploading.progress ?? 0) * 100)}
              aria-label={t('clients.uploading')}
              style={{ width: '100%' }}
            />
          </Stack>
        ) : (
          <UploadButton
            kind="pet_image"
            existingCount={files.length}
            upload={{ progress: null }}
            send={async (file) => onAdd(file)}
            prepare={preparePetPhoto}
            camera
            label={t('clients.addPhoto')}
            ctx={ctx}
            testId="photo-queue-add"
          />
        )}
      </Card.Body>
    </Card.Root>
  );
}

function QueuedPhoto({ ctx, file, onRemove }: { ctx: ClientsContext; file: File; onRemove: () => void }) {
  const url = useObjectUrl(file);
  return (
    <Box position="relative" borderWidth="1px" rounded="md" overflow="hidden" h="32" data-testid="queued-photo">
      {url ? <Image src={url} alt={file.name} objectFit="cover" h="full" w="full" /> : null}
      <IconButton
        size="xs"
        position="absolute"
        top="1"
        right="1"
        colorPalette="red"
        aria-label={ctx.t('clients.removeQueuedPhoto', { name: file.name })}
        onClick={onRemove}
      >
        ✕
      </IconButton>
    </Box>
  );
}
