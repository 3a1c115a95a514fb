import { Box, Button, HStack, Image, Text } from '@chakra-ui/react';
import { API_ROUTES, useApiDownload, useApiHttp } from '@pawline/api-client';
import type { Attachment } from '../api/messages-api';
import type { Translate } from '../i18n/translator';
import { useObjectUrl } from '../shared/useObjectUrl';

/** Where an attachment is: the store's files of a customer message (spec §7 "Files"). */
export type AttachmentScope = { orga: string; store: string };

function attachmentParams(scope: AttachmentScope, file: Attachment) {
  return { ...scope, sector: 'msg', subject: file.subject_id, sequence: String(file.sequence) };
}

/** An image attachment as a thumbnail: its bytes need the bearer token, so they come through an object URL. */
function Thumbnail({ file, scope, t }: { file: Attachment; scope: AttachmentScope; t: Translate }) {
  // a stored file never changes under its sequence
  const bytes = useApiDownload('downloadAttachment', { params: attachmentParams(scope, file) }, { staleTime: Infinity, retry: false });
  const src = useObjectUrl(bytes.data);
  if (bytes.isError)
    return (
      <Text fontSize="xs" color="red.600">
        {t('messages.attachmentFailed')}
      </Text>
    );
  return src ? (
    <Image
      src={src}
      alt={file.caption ?? file.file_name}
      boxSize="56px"
      objectFit="cover"
      borderRadius="sm"
      data-testid="attachment-thumbnail"
    />
  ) : (
    <Box boxSize="56px" bg="bg.muted" borderRadius="sm" data-testid="attachment-thumbnail" aria-label={file.file_name} />
  );
}

/** R3.12 an answer's files: images as thumbnails, other files as links that open them. */
export function AttachmentList({ files, scope, t }: { files: Attachment[]; scope: AttachmentScope; t: Translate }) {
  const http = useApiHttp();
  if (files.length === 0) return null;
  const open = (file: Attachment) => {
    void http.download(API_ROUTES.downloadAttachment, { params: attachmentParams(scope, file) }).then((blob) => {
      if (typeof URL.createObjectURL === 'function') window.open(URL.createObjectURL(blob), '_blank', 'noopener');
    });
  };
  return (
    <HStack gap="2" mt="1" wrap="wrap" data-testid="attachments">
      {files.map((file) =>
        file.mime.startsWith('image/') ? (
          <Thumbnail key={file.sequence} file={file} scope={scope} t={t} />
        ) : (
          <Button key={file.sequence} size="xs" variant="outline" onClick={() => open(file)} data-testid="attachment-link">
            {file.file_name}
          </Button>
        ),
      )}
    </HStack>
  );
}

/** The files of one subject, in sequence order (sequence -1 on the answer: none). */
export function filesOf(attachments: readonly Attachment[], subjectId: string, highest: number): Attachment[] {
  if (highest < 0) return [];
  return attachments.filter((a) => a.subject_id === subjectId).sort((a, b) => a.sequence - b.sequence);
}
