import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { ERROR_PAGE_TEXTS_EN, errorPageTitle, type ErrorPageTexts } from './error-page-text';

export type ErrorPageProps = { status: number; texts?: ErrorPageTexts; detail?: string; homeHref?: string };

export function ErrorPage({ status, texts = ERROR_PAGE_TEXTS_EN, detail, homeHref = '/' }: ErrorPageProps) {
  return (
    <Stack align="center" textAlign="center" py="16" px="4" gap="4" data-testid="error-page">
      <Heading as="h1" size="2xl">
        {errorPageTitle(status, texts)}
      </Heading>
      {detail ? <Text color="fg.muted">{detail}</Text> : null}
      <Button asChild colorPalette="brand">
        <Link to={homeHref}>{texts.home}</Link>
      </Button>
    </Stack>
  );
}
