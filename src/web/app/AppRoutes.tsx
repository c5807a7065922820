import { lazy, Suspense } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { LOGIN_PATH, NOT_FOUND_PATH } from '@shared/constants';
import { FullPageSpinner } from '@web/components/FullPageSpinner';
import { UserLayout } from '@web/app/UserLayout';
import { usePermissions } from '@web/stores/permissions';
import { SignedInLayout } from './signedInShell';

const Login = lazy(() => import('@web/app/user/Login'));
const NotFound = lazy(() => import('@web/screens/exception/NotFound'));
const Register = lazy(() => import('@web/app/user/Register'));
const RegisterResult = lazy(() => import('@web/app/user/RegisterResult'));
const Alteration = lazy(() => import('@web/app/user/Alteration'));

/**
 * Public routes, then — once the server's menu has loaded — the signed-in layout, which routes
 * the screens itself (see tabs/TabViews).
 */
export function AppRoutes() {
  const loaded = usePermissions((state) => state.loaded);
  const routes: RouteObject[] = [
    {
      path: '/user',
      element: <UserLayout />,
      children: [
        { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
        { path: 'login', element: <Login /> },
        { path: 'register', element: <Register /> },
        { path: 'register-result', element: <RegisterResult /> },
        { path: 'alteration', element: <Alteration /> },
      ],
    },
    { path: NOT_FOUND_PATH, element: <NotFound /> },
    // The layout takes every other path; its tab views route the screens (unknown → /404).
    ...(loaded ? [{ path: '/*', element: <SignedInLayout.Component /> }] : []),
  ];
  return <Suspense fallback={<FullPageSpinner />}>{useRoutes(routes)}</Suspense>;
}
