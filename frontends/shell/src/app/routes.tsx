import type { RouteObject } from 'react-router';
import { Frame } from '../layout/Frame';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { manifestMounts } from '../remotes/remote-manifest';
import { RemoteRoute } from '../remotes/RemoteRoute';
import { NotFoundPage, RouteErrorPage } from './RouteErrorPage';

// Pages a visitor reaches from the login page load when opened: the login page's JavaScript stays small.
const registerPage = () => import('../pages/RegisterPage').then((m) => ({ Component: m.RegisterPage }));
const verifyEmailPage = () => import('../pages/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage }));
const passwordResetPage = () => import('../pages/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage }));
const passwordResetConfirmPage = () => import('../pages/PasswordResetPage').then((m) => ({ Component: m.PasswordResetConfirmPage }));
const undoEmailChangePage = () => import('../pages/UndoEmailChangePage').then((m) => ({ Component: m.UndoEmailChangePage }));
const autologinPage = () => import('../pages/AutologinPage').then((m) => ({ Component: m.AutologinPage }));
const agreementPage = () => import('../pages/AgreementPage').then((m) => ({ Component: m.AgreementPage }));
const helpPage = () => import('../pages/HelpPage').then((m) => ({ Component: m.HelpPage }));

export const shellRoutes: RouteObject[] = [
  {
    element: <Frame />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', lazy: registerPage },
      { path: '/verify-email', lazy: verifyEmailPage },
      { path: '/password-reset', lazy: passwordResetPage },
      { path: '/password-reset/confirm', lazy: passwordResetConfirmPage },
      // the identity service's reset mail links here
      { path: '/reset-password', lazy: passwordResetConfirmPage },
      // the mail to the old address when the e-mail address changes links here
      { path: '/undo-email-change', lazy: undoEmailChangePage },
      { path: '/autologin', lazy: autologinPage },
      { path: '/qa', lazy: helpPage },
      // issue 31 the signed link of a store agreement: public, like the e-mail links above
      { path: '/agreement/:token', lazy: agreementPage },
      // every remote's routes come from the one manifest (src/remotes/remotes.manifest.json)
      ...manifestMounts().map((mount): RouteObject => ({ path: mount.path, element: <RemoteRoute mount={mount} /> })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
