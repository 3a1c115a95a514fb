import { ErrorPage } from '@pawline/ui';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useErrorTexts } from '../pages/useErrorTexts';

/** R2.05: what a route shows when it throws or does not exist. */
export function RouteErrorPage() {
  const error = useRouteError();
  const texts = useErrorTexts();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} texts={texts} />;
}

export function NotFoundPage() {
  return <ErrorPage status={404} texts={useErrorTexts()} />;
}
