import { Box, Button, Card, Heading, Input, Link as ChakraLink, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Checkbox } from '@chakra-ui/react/checkbox';
// Only this lazy page uses Alert: from its own entry, out of the shared Chakra (see chakra-shared.ts).
import { Alert } from '@chakra-ui/react/alert';
import { COUNTRIES } from '@pawline/api-client';
import { FormField } from '@pawline/ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useI18n } from '../i18n/I18nProvider';
import { useSession } from '../session/SessionProvider';
import { ConfirmEmailCode } from './ConfirmEmailCode';
import { errorText, fieldErrors, fieldText } from './form-helpers';
import {
  EMPTY_REGISTER_FORM,
  PASSWORD_MIN_LENGTH,
  SERVER_FIELD,
  toRegisterRequest,
  validateRegisterForm,
  type RegisterErrors,
  type RegisterForm,
} from './register-form';

export function RegisterPage() {
  const { t, language } = useI18n();
  const { state, api } = useSession();
  const [form, setForm] = useState<RegisterForm>(EMPTY_REGISTER_FORM);
  const [errors, setErrors] = useState<RegisterErrors>({});
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  // issue 29: a failure is shown in the form, not as a toast that would outlive it on the success page
  const [failure, setFailure] = useState<string | null>(null);

  if (state.status === 'signed-in') return <Navigate to="/" replace />;

  const set = <K extends keyof RegisterForm>(key: K, value: RegisterForm[K]) => setForm((current) => ({ ...current, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateRegisterForm(form, {
      required: t('validation.required'),
      invalidEmail: t('validation.invalidEmail'),
      passwordsDiffer: t('validation.passwordsNotSame'),
      passwordBlank: t('validation.passwordBlank'),
      passwordTooShort: t('validation.minLength', { min: PASSWORD_MIN_LENGTH }),
      acceptTerms: t('validation.acceptTerms'),
      acceptPrivacy: t('validation.acceptPrivacy'),
    });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    void api
      .register(toRegisterRequest(form, language))
      .then(() => setRegisteredEmail(form.email.trim()))
      .catch((error: unknown) => {
        const fromServer: RegisterErrors = {};
        for (const [name, text] of Object.entries(fieldErrors(error))) {
          const field = SERVER_FIELD[name];
          if (field) fromServer[field] = fieldText(text, t);
        }
        setErrors(fromServer);
        // the fields say what is wrong; other failures (an address taken, a promo code) are said once, here
        if (Object.keys(fromServer).length === 0) setFailure(errorText(error));
      })
      .finally(() => setBusy(false));
  };

  if (registeredEmail) {
    return (
      <Card.Root maxW="lg" mx="auto" mt="8" data-testid="register-done">
        <Card.Body gap="3">
          <Heading as="h2" size="lg">
            {t('auth.validateEmailTitle')}
          </Heading>
          <Text>{t('auth.validateEmailSent', { email: registeredEmail })}</Text>
          <ConfirmEmailCode email={registeredEmail} />
        </Card.Body>
      </Card.Root>
    );
  }

  return (
    <Card.Root maxW="2xl" mx="auto" mt="4">
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <Heading as="h2" size="lg">
              {t('auth.registerTitle')}
            </Heading>
            <Alert.Root status="info" colorPalette="brand" data-testid="trial-notice">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('auth.freeTrialTitle')}</Alert.Title>
                <Alert.Description>{t('auth.freeTrialNoPayment')}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('auth.firstName')} required error={errors.firstName}>
                <Input
                  name="first_name"
                  autoComplete="given-name"
                  value={form.firstName}
                  onChange={(e) => set('firstName', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.lastName')} required error={errors.lastName}>
                <Input
                  name="last_name"
                  autoComplete="family-name"
                  value={form.lastName}
                  onChange={(e) => set('lastName', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.email')} required error={errors.email}>
                <Input
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={form.email}
                  onChange={(e) => set('email', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.salonName')} required error={errors.organizationName}>
                <Input
                  name="organization_name"
                  autoComplete="organization"
                  value={form.organizationName}
                  onChange={(e) => set('organizationName', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.password')} required error={errors.password}>
                <Input
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => set('password', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.passwordConfirmation')} required error={errors.passwordConfirmation}>
                <Input
                  name="password_confirmation"
                  type="password"
                  autoComplete="new-password"
                  value={form.passwordConfirmation}
                  onChange={(e) => set('passwordConfirmation', e.currentTarget.value)}
                />
              </FormField>
              <FormField label={t('auth.country')} required error={errors.country}>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    name="country"
                    value={form.country}
                    onChange={(e) => set('country', e.currentTarget.value as RegisterForm['country'])}
                  >
                    <option value="">{t('auth.chooseCountry')}</option>
                    {COUNTRIES.map((code) => (
                      <option key={code} value={code}>
                        {t(`common.country_${code}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField label={t('auth.promoCode')} helper={t('auth.promoCodeHint')} error={errors.promoCode}>
                <Input name="promo_code" value={form.promoCode} onChange={(e) => set('promoCode', e.currentTarget.value)} />
              </FormField>
            </SimpleGrid>
            <AcceptBox
              name="accept_terms"
              checked={form.acceptTerms}
              onChange={(value) => set('acceptTerms', value)}
              label={linkedLabel(t('auth.acceptTermsLinked'), t('auth.termsLinkText'), t('auth.termsUrl'), t('auth.opensInNewTab'))}
              error={errors.acceptTerms}
            />
            <AcceptBox
              name="accept_privacy"
              checked={form.acceptPrivacy}
              onChange={(value) => set('acceptPrivacy', value)}
              label={linkedLabel(t('auth.acceptPrivacyLinked'), t('auth.privacyLinkText'), t('auth.privacyUrl'), t('auth.opensInNewTab'))}
              error={errors.acceptPrivacy}
            />
            {failure ? (
              <Alert.Root status="error" data-testid="register-error">
                <Alert.Indicator />
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Root>
            ) : null}
            <Button type="submit" colorPalette="brand" loading={busy}>
              {t('auth.registerButton')}
            </Button>
            <Text fontSize="sm">
              {t('auth.haveAccount')}{' '}
              <ChakraLink asChild color="brand.fg">
                <Link to="/login">{t('auth.loginLink')}</Link>
              </ChakraLink>
            </Text>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}

/** Issue 29: "I accept the {link}" with the document's name as a link that opens beside the form. */
function linkedLabel(text: string, linkText: string, href: string, newTab: string): ReactNode {
  const [before = '', after = ''] = text.split('{link}');
  return (
    <>
      {before}
      <ChakraLink href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
        {linkText}
        <Box as="span" srOnly>
          {' '}
          {newTab}
        </Box>
      </ChakraLink>
      {after}
    </>
  );
}

type AcceptBoxProps = { name: string; checked: boolean; onChange: (value: boolean) => void; label: ReactNode; error?: string | undefined };

function AcceptBox({ name, checked, onChange, label, error }: AcceptBoxProps) {
  return (
    <Stack gap="1">
      <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} invalid={Boolean(error)}>
        <Checkbox.HiddenInput name={name} />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {error ? (
        <Text fontSize="sm" color="fg.error">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
