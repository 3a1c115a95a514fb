import { Box, Button, HStack, Image, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { Attachment } from '../api/messages-api';
import type { Translate } from '../i18n/translator';

export type AttachmentDownload = (subjectId: string, sequence: number) => Promise<Blob>;

function objectUrl(blob: Blob): string | null {
  return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
}

/** An image attachment as a thumbnail: its bytes need the bearer token, so they come through an object URL. */
function Thumbnail({ file, download, t }: { file: Attachment; download: AttachmentDownload; t: Translate }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let made: string | null = null;
    let active = true;
    download(file.subject_id, file.sequence).then(
      (blob) => {
        made = objectUrl(blob);
        if (active) setSrc(made);
      },
      () => active && setFailed(true),
    );
    return () => {
      active = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [file.subject_id, file.sequence, download]);
  if (failed)
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
export function AttachmentList({ files, download, t }: { files: Attachment[]; download: AttachmentDownload; t: Translate }) {
  if (files.length === 0) return null;
  const open = (file: Attachment) => {
    void download(file.subject_id, file.sequence).then((blob) => {
      const url = objectUrl(blob);
      if (url) window.open(url, '_blank', 'noopener');
    });
  };
  return (
    <HStack gap="2" mt="1" wrap="wrap" data-testid="attachments">
      {files.map((file) =>
        file.mime.startsWith('image/') ? (
          <Thumbnail key={file.sequence} file={file} download={download} t={t} />
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
export function filesOf(attachments: Attachment[], subjectId: string, highest: number): Attachment[] {
  if (highest < 0) return [];
  return attachments.filter((a) => a.subject_id === subjectId).sort((a, b) => a.sequence - b.sequence);
}
