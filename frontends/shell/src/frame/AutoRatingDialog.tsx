import type { Organization, PersonUser } from '@pawline/api-client';
import { shouldOpenRatingDialog, type RatingSubmission } from '@pawline/domain';
import { RatingDialog, SNACKBAR_TYPE, ratingDialogTexts } from '@pawline/ui';
import { useCallback, useMemo, useState } from 'react';
import { useI18n } from '../i18n/I18nProvider';
import { errorText } from '../pages/form-helpers';
import { useSession } from '../session/SessionProvider';
import { useSignedIn } from '../session/signed-in-context';
import { useNotify } from '../snackbar/SnackbarProvider';

/** R1.18 R4.06: opens by itself when shouldOpenRatingDialog says so; PUT /user/rating (R7.02). */
export function AutoRatingDialog({ user, orga }: { user: PersonUser; orga: Organization | null }) {
  const { t } = useI18n();
  const { api } = useSession();
  const { reloadUser } = useSignedIn();
  const notify = useNotify();
  const [due] = useState(() =>
    shouldOpenRatingDialog({
      rating_enable: user.rating_enable,
      last_rating_time: user.last_rating_time,
      orga_created_at: orga?.created_at ?? null,
      now: new Date().toISOString(),
    }),
  );
  const [open, setOpen] = useState(due);
  const send = useCallback(
    async (submission: RatingSubmission) => {
      await api.rate({ rating: submission.rating, annotation: submission.annotation });
    },
    [api],
  );
  const onError = useCallback((error: unknown) => notify(SNACKBAR_TYPE.error, errorText(error)), [notify]);
  const onDone = useCallback(() => {
    setOpen(false);
    // both answers move the local rating state (R4.07)
    void reloadUser().catch(() => undefined);
  }, [reloadUser]);
  const texts = useMemo(() => ratingDialogTexts(t), [t]);
  if (!due) return null;
  return <RatingDialog open={open} texts={texts} send={send} onError={onError} onDone={onDone} />;
}
