import { Button, Input, Stack, Text } from '@chakra-ui/react';
import { isValidEmail } from '@pawline/domain';
import { FormField } from '@pawline/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { errorText, fieldErrors, fieldText } from './form-helpers';

const SIX_DIGITS = /^\d{6}$/;

type Props = {
  /** The address the mail went to, when the page knows it (right after registering); else it is asked. */
  email?: string;
};

/**
 * Issue 29: the six digits of the verification mail, typed instead of opening its link (on another
 * device, say). Confirming signs in and opens the app; the mail can be asked for again.
 */
export function ConfirmEmailCode({ email: knownEmail }: Props) {
  const { t } = useI18n();
  const { api, confirmEmail } = useSession();
  const navigate = useNavigate();
  const [email, setEmail] = useState(knownEmail ?? '');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ email?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [resent, setResent] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!isValidEmail(email.trim())) found.email = email.trim() ? t('validation.invalidEmail') : t('validation.required');
    if (!SIX_DIGITS.test(code.trim())) found.code = t('validation.verificationCodeFormat');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    void confirmEmail({ email: email.trim(), code: code.trim() })
      .then(() => navigate('/', { replace: true }))
      .catch((error: unknown) => {
        const fields = fieldErrors(error);
        if (fields['code']) setErrors({ code: fieldText(fields['code'], t) });
        else setErrors({ form: errorText(error) });
        setBusy(false);
      });
  };

  const resend = () => {
    if (!isValidEmail(email.trim())) {
      setErrors({ email: email.trim() ? t('validation.invalidEmail') : t('validation.required') });
      return;
    }
    void api
      .resendVerification(email.trim())
      .then(() => setResent(true))
      .catch((error: unknown) => setErrors({ form: errorText(error) }));
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth.validateEmailCodeTitle')} data-testid="confirm-code">
      <Stack gap="3">
        {knownEmail ? null : (
          <FormField label={t('auth.email')} required error={errors.email}>
            <Input name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          </FormField>
        )}
        <FormField label={t('auth.validateEmailCode')} helper={t('auth.validateEmailCodeHint')} required error={errors.code}>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, ''))}
          />
        </FormField>
        {errors.form ? (
          <Text color="fg.error" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" loading={busy} alignSelf="flex-start">
          {t('auth.validateEmailButton')}
        </Button>
        {resent ? (
          <Text role="status" data-testid="resend-done">
            {t('auth.resendDone')}
          </Text>
        ) : (
          <Button variant="plain" color="brand.fg" alignSelf="flex-start" px="0" onClick={resend}>
            {t('auth.resendEmail')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
