import type { RouteObject } from 'react-router';
import { RequireOrgaAdmin } from '../access/RequireOrgaAdmin';
import { Frame } from '../layout/Frame';
import { AutologinPage } from '../pages/AutologinPage';
import { CalendarRoute } from '../pages/CalendarRoute';
import { ClientsRoute } from '../pages/ClientsRoute';
import { HelpPage } from '../pages/HelpPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { PasswordResetConfirmPage, PasswordResetPage } from '../pages/PasswordResetPage';
import { RegisterPage } from '../pages/RegisterPage';
import { SettingsRemoteRoute, UserRoute } from '../pages/UserRoute';
import { VerifyEmailPage } from '../pages/VerifyEmailPage';
import { RequireSignedIn } from '../session/RequireSignedIn';
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
