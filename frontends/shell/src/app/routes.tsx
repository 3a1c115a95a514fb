import type { RouteObject } from 'react-router';
import { Frame } from '../layout/Frame';
import { HelpPage } from '../pages/HelpPage';
import { HomePage } from '../pages/HomePage';
import { LoginPage } from '../pages/LoginPage';
import { RegisterPage } from '../pages/RegisterPage';
import { StoreHomePage } from '../pages/StoreHomePage';
import { UserRoute } from '../pages/UserRoute';
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
        path: '/:orgaId/store/:storeId',
        element: (
          <RequireSignedIn>
            <StoreHomePage />
          </RequireSignedIn>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
