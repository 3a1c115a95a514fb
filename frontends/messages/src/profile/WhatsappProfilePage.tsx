import { Badge, Box, Button, Card, Heading, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { apiQueryFilter, useApiDownload, useApiMutation, useApiQuery, useApiUpload } from '@pawline/api-client';
import { apiErrorText, FormField, QueryState } from '@pawline/ui';
import { useMemo, useRef, useState } from 'react';
import type { MessagingFile, WhatsappProfile } from '../api/messages-api';
import { formProblem, type MessagesContext } from '../shared/messages-context';
import { useObjectUrl } from '../shared/useObjectUrl';
import { checkProfileImage, PROFILE_IMAGE_ACCEPT } from './profile-image-check';

type Loaded = { profile: WhatsappProfile; images: MessagingFile[] };

/** The profile image through an object URL (its bytes need the bearer token). */
function ProfileImage({ ctx, fileId }: { ctx: MessagesContext; fileId: string }) {
  // a stored file never changes under its id
  const bytes = useApiDownload('downloadWhatsappProfileImage', { params: { file: fileId } }, { staleTime: Infinity, retry: false });
  const src = useObjectUrl(bytes.data);
  return src ? (
    <Image
      src={src}
      alt={ctx.t('messages.profileImage')}
      boxSize="96px"
      borderRadius="full"
      objectFit="cover"
      data-testid="profile-image"
    />
  ) : (
    <Box boxSize="96px" borderRadius="full" bg="bg.muted" data-testid="profile-image" />
  );
}

/** R4.14 R5.10 R9.04 the WhatsApp profile: name, about and image; a change is a request, live within 7 working days. */
export function WhatsappProfilePage({ ctx }: { ctx: MessagesContext }) {
  const { t, bridge, orgaId } = ctx;
  const profile = useApiQuery('getWhatsappProfile', { params: { orga: orgaId } });
  const images = useApiQuery('listWhatsappProfileImages', { params: { orga: orgaId } });
  // both, or the first failure of the two (its retry reads both again)
  const both = useMemo(
    () => ({
      status:
        profile.status === 'error' || images.status === 'error'
          ? ('error' as const)
          : profile.data && images.data
            ? ('success' as const)
            : ('pending' as const),
      data: profile.data && images.data ? { profile: profile.data, images: images.data } : undefined,
      error: profile.error ?? images.error,
      refetch: () => Promise.all([profile.refetch(), images.refetch()]),
    }),
    [profile, images],
  );
  return (
    <QueryState query={both} language={bridge.language} errorTitle={t('messages.loadFailed')}>
      {(loaded) => <ProfileForm key={loaded.profile.request?.id ?? 'none'} ctx={ctx} loaded={loaded} />}
    </QueryState>
  );
}

function ProfileForm({ ctx, loaded }: { ctx: MessagesContext; loaded: Loaded }) {
  const { t, admin, bridge, orgaId } = ctx;
  const { profile, images } = loaded;
  const current = profile.request?.status === 'in_progress' ? profile.request : profile.live;
  const [name, setName] = useState(current?.name ?? '');
  const [about, setAbout] = useState(current?.about ?? '');
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const image = images[0] ?? null;
  const dateFormat = new Intl.DateTimeFormat(bridge.language, { dateStyle: 'long' });
  const dueText = (day: string) => dateFormat.format(new Date(`${day}T12:00:00`));
  const params = { orga: orgaId };
  const imageWrites = [apiQueryFilter('listWhatsappProfileImages', params)];
  const upload = useApiUpload('uploadWhatsappProfileImage', { invalidates: imageWrites, notifyFailure: false });
  const removeImage = useApiMutation('deleteWhatsappProfileImage', { invalidates: imageWrites, notifyFailure: false });
  const update = useApiMutation('updateWhatsappProfile', {
    invalidates: [apiQueryFilter('getWhatsappProfile', params)],
    success: t('messages.profileRequested'),
    notifyFailure: false,
  });
  const error = update.error ? formProblem(update.error, bridge.language) : null;

  const onFile = (file: File) => {
    // R5.10 the spec's texts, before anything is sent
    const problem = checkProfileImage(file, images.length);
    if (problem) {
      setImageProblem(t(problem.key, 'params' in problem ? problem.params : undefined));
      return;
    }
    setImageProblem(null);
    upload.mutate(
      { file, input: { params } },
      {
        // a lost connection has no server message: the user's language (apiErrorText), not the browser's 'Network error'
        onError: (failure) => setImageProblem(apiErrorText(failure, bridge.language)),
        onSettled: () => {
          if (input.current) input.current.value = '';
        },
      },
    );
  };

  const removeTheImage = () =>
    removeImage.mutate({ params }, { onError: (failure) => setImageProblem(apiErrorText(failure, bridge.language)) });

  const save = () => update.mutate({ params, body: { name: name.trim(), about: about.trim(), image_file_id: image?.id ?? null } });

  return (
    <Stack gap="4" data-testid="profile-page">
      <Heading as="h2" size="lg">
        {t('messages.profileTitle')}
      </Heading>
      {profile.request?.status === 'in_progress' ? (
        <Card.Root size="sm" borderColor="yellow.400" data-testid="profile-request">
          <Card.Body>
            <HStack>
              <Badge colorPalette="yellow">{t('messages.profileInProgress')}</Badge>
              <Text>{t('messages.profileDue', { date: dueText(profile.request.due_by) })}</Text>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : null}
      {profile.live ? (
        <Text fontSize="sm" color="fg.muted" data-testid="profile-live">
          {t('messages.profileLive', { name: profile.live.name })}
        </Text>
      ) : null}
      {!admin ? (
        <Text fontSize="sm" color="fg.muted" data-testid="read-only-note">
          {t('messages.adminOnly')}
        </Text>
      ) : null}
      <Card.Root>
        <Card.Body gap="3">
          <HStack gap="4" align="center">
            {image ? <ProfileImage ctx={ctx} fileId={image.id} /> : <Box boxSize="96px" borderRadius="full" bg="bg.muted" />}
            {admin ? (
              <Stack gap="1">
                <input
                  ref={input}
                  type="file"
                  hidden
                  accept={PROFILE_IMAGE_ACCEPT}
                  data-testid="profile-image-input"
                  onChange={(e) => {
                    const file = e.currentTarget.files?.[0];
                    if (file) onFile(file);
                  }}
                />
                <HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={upload.isPending}
                    onClick={() => input.current?.click()}
                    data-testid="profile-image-upload"
                  >
                    {t('messages.profileImageUpload')}
                  </Button>
                  {image ? (
                    <Button size="sm" variant="ghost" colorPalette="red" onClick={removeTheImage} data-testid="profile-image-delete">
                      {t('common.delete')}
                    </Button>
                  ) : null}
                </HStack>
                <Text fontSize="xs" color="fg.muted">
                  {t('messages.profileImageHint')}
                </Text>
              </Stack>
            ) : null}
          </HStack>
          {imageProblem ? (
            <Text color="red.600" fontSize="sm" role="alert" data-testid="profile-image-error">
              {imageProblem}
            </Text>
          ) : null}
          <FormField label={t('messages.profileName')} required>
            <Input
              value={name}
              maxLength={75}
              disabled={!admin}
              onChange={(e) => setName(e.currentTarget.value)}
              data-testid="profile-name"
            />
          </FormField>
          <FormField label={t('messages.profileAbout')}>
            <Textarea
              value={about}
              maxLength={139}
              rows={2}
              disabled={!admin}
              onChange={(e) => setAbout(e.currentTarget.value)}
              data-testid="profile-about"
            />
          </FormField>
          {error ? (
            <Text color="red.600" role="alert" data-testid="profile-error">
              {error}
            </Text>
          ) : null}
          {admin ? (
            <HStack justify="flex-end">
              <Button
                colorPalette="brand"
                loading={update.isPending}
                disabled={name.trim().length < 3}
                onClick={save}
                data-testid="profile-save"
              >
                {t('messages.profileRequest')}
              </Button>
            </HStack>
          ) : null}
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
