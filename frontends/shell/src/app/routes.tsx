import type { RouteObject } from 'react-router';
import { RequireOrgaAdmin } from '../access/RequireOrgaAdmin';
import { Frame } from '../layout/Frame';
import { CalendarRoute } from '../pages/CalendarRoute';
import { ClientsRoute } from '../pages/ClientsRoute';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { SettingsRemoteRoute, UserRoute } from '../pages/UserRoute';
import { RequireSignedIn } from '../session/RequireSignedIn';
import { NotFoundPage, RouteErrorPage } from './RouteErrorPage';

// Pages a visitor reaches from the login page load when opened: the login page's JavaScript stays small.
const registerPage = () => import('../pages/RegisterPage').then((m) => ({ Component: m.RegisterPage }));
const verifyEmailPage = () => import('../pages/VerifyEmailPage').then((m) => ({ Component: m.VerifyEmailPage }));
const passwordResetPage = () => import('../pages/PasswordResetPage').then((m) => ({ Component: m.PasswordResetPage }));
const passwordResetConfirmPage = () => import('../pages/PasswordResetPage').then((m) => ({ Component: m.PasswordResetConfirmPage }));
const autologinPage = () => import('../pages/AutologinPage').then((m) => ({ Component: m.AutologinPage }));
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
      { path: '/autologin', lazy: autologinPage },
      { path: '/qa', lazy: helpPage },
      {
        path: '/user/*',
        element: (
          <RequireSignedIn>
            <UserRoute />
          </RequireSignedIn>
        ),
      },
      {
        path: '/:orgaId/settings/*',
        element: (
          <RequireSignedIn>
            <RequireOrgaAdmin>
              <SettingsRemoteRoute exportName="OrgaSettingsRoutes" />
            </RequireOrgaAdmin>
          </RequireSignedIn>
        ),
      },
      {
        path: '/:orgaId/store',
        element: (
          <RequireSignedIn>
            <RequireOrgaAdmin>
              <SettingsRemoteRoute exportName="StoresRoutes" />
            </RequireOrgaAdmin>
          </RequireSignedIn>
        ),
      },
      {
        path: '/:orgaId/store/:storeId',
        element: (
          <RequireSignedIn>
            <CalendarRoute />
          </RequireSignedIn>
        ),
      },
      {
        path: '/:orgaId/store/:storeId/recurring',
        element: (
          <RequireSignedIn>
            <CalendarRoute />
          </RequireSignedIn>
        ),
      },
      // the clients remote (issue 4) picks its page from the whole path
      ...[
        '/:orgaId/pet',
        '/:orgaId/store/:storeId/customers',
        '/:orgaId/store/:storeId/customer/:customerId',
        '/:orgaId/store/:storeId/pet',
        '/:orgaId/store/:storeId/pet/:petId',
      ].map((path): RouteObject => ({
        path,
        element: (
          <RequireSignedIn>
            <ClientsRoute />
          </RequireSignedIn>
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
