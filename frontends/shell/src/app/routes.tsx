import type { RouteObject } from 'react-router';
import { Frame } from '../layout/Frame';
import { AutologinPage } from '../pages/AutologinPage';
import { HelpPage } from '../pages/HelpPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { PasswordResetConfirmPage, PasswordResetPage } from '../pages/PasswordResetPage';
import { RegisterPage } from '../pages/RegisterPage';
import { VerifyEmailPage } from '../pages/VerifyEmailPage';
import { manifestMounts } from '../remotes/remote-manifest';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { NotFoundPage, RouteErrorPage } from './RouteErrorPage';

export const shellRoutes: RouteObject[] = [
  {
    element: <Frame />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/password-reset', element: <PasswordResetPage /> },
      { path: '/password-reset/confirm', element: <PasswordResetConfirmPage /> },
      // the identity service's reset mail links here
      { path: '/reset-password', element: <PasswordResetConfirmPage /> },
      { path: '/autologin', element: <AutologinPage /> },
      { path: '/qa', element: <HelpPage /> },
      // every remote's routes come from the one manifest (src/remotes/remotes.manifest.json)
      ...manifestMounts().map((mount): RouteObject => ({ path: mount.path, element: <RemoteRoute mount={mount} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
