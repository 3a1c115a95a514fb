import { Badge, Box, Button, Card, Heading, HStack, Image, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { isApiError } from '@pawline/api-client';
import { ErrorState, FormField, LoadingState } from '@pawline/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MessagingFile, WhatsappProfile } from '../api/messages-api';
import type { MessagesContext } from '../shared/messages-context';
import { errorText } from '../shared/messages-context';
import { useLoad } from '../shared/useLoad';
import { checkProfileImage, PROFILE_IMAGE_ACCEPT } from './profile-image-check';

type Loaded = { profile: WhatsappProfile; images: MessagingFile[] };

/** The profile image through an object URL (its bytes need the bearer token). */
function ProfileImage({ ctx, fileId }: { ctx: MessagesContext; fileId: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    let active = true;
    ctx.api.downloadProfileImage(fileId).then(
      (blob) => {
        made = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : null;
        if (active) setSrc(made);
      },
      () => undefined,
    );
    return () => {
      active = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [ctx.api, fileId]);
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
  const { api, t } = ctx;
  const loader = useCallback(
    () => Promise.all([api.getProfile(), api.listProfileImages()]).then(([profile, images]) => ({ profile, images })),
    [api],
  );
  const { load, reload } = useLoad<Loaded>(loader);
  if (load.status === 'loading') return <LoadingState label={t('common.loading')} />;
  if (load.status === 'failed')
    return <ErrorState title={t('messages.loadFailed')} message={load.message} retryLabel={t('common.retry')} onRetry={reload} />;
  return <ProfileForm key={load.value.profile.request?.id ?? 'none'} ctx={ctx} loaded={load.value} onChanged={reload} />;
}

function ProfileForm({ ctx, loaded, onChanged }: { ctx: MessagesContext; loaded: Loaded; onChanged: () => void }) {
  const { api, t, admin } = ctx;
  const { profile } = loaded;
  const current = profile.request?.status === 'in_progress' ? profile.request : profile.live;
  const [name, setName] = useState(current?.name ?? '');
  const [about, setAbout] = useState(current?.about ?? '');
  const [images, setImages] = useState<MessagingFile[]>(loaded.images);
  const [imageProblem, setImageProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const image = images[0] ?? null;
  const dateFormat = new Intl.DateTimeFormat(ctx.bridge.language, { dateStyle: 'long' });
  const dueText = (day: string) => dateFormat.format(new Date(`${day}T12:00:00`));

  const onFile = async (file: File) => {
    // R5.10 the spec's texts, before anything is sent
    const problem = checkProfileImage(file, images.length);
    if (problem) {
      setImageProblem(t(problem.key, 'params' in problem ? problem.params : undefined));
      return;
    }
    setImageProblem(null);
    setUploading(true);
    try {
      const stored = await api.uploadProfileImage(file);
      setImages([stored]);
    } catch (failure) {
      // a lost connection has no server message: the user's language, not the browser's 'Network error'
      if (isApiError(failure) && failure.code === 'network') setImageProblem(t('errors.network'));
      else setImageProblem(isApiError(failure) && failure.message ? failure.message : errorText(failure));
    } finally {
      setUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  const removeImage = async () => {
    try {
      await api.deleteProfileImage();
      setImages([]);
    } catch (failure) {
      setImageProblem(errorText(failure));
    }
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await api.updateProfile({ name: name.trim(), about: about.trim(), image_file_id: image?.id ?? null });
      ctx.bridge.notify(2, t('messages.profileRequested'));
      onChanged();
    } catch (failure) {
      setError(isApiError(failure) && failure.fields ? Object.values(failure.fields).join(' ') || failure.message : errorText(failure));
    } finally {
      setSaving(false);
    }
  };

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
                    if (file) void onFile(file);
                  }}
                />
                <HStack>
                  <Button
                    size="sm"
                    variant="outline"
                    loading={uploading}
                    onClick={() => input.current?.click()}
                    data-testid="profile-image-upload"
                  >
                    {t('messages.profileImageUpload')}
                  </Button>
                  {image ? (
                    <Button
                      size="sm"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => void removeImage()}
                      data-testid="profile-image-delete"
                    >
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
                loading={saving}
                disabled={name.trim().length < 3}
                onClick={() => void save()}
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
