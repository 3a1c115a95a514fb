import type { SVGProps } from 'react';

// Material-style 24px glyphs drawn inline, so the shell needs no icon package.
function Icon({ path, ...props }: SVGProps<SVGSVGElement> & { path: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1.4em" height="1.4em" fill="currentColor" aria-hidden="true" {...props}>
      <path d={path} />
    </svg>
  );
}

export const PawIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon
    {...props}
    path="M4.5 9.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm4.5-3a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm6 0a2 2 0 1 0 0-4 2 2 0 0 0 0 4zm4.5 3a2 2 0 1 0 0-4 2 2 0 0 0 0 4zM17.3 14.9c-.9-1-1.6-1.9-2.5-2.9-.4-.5-1-1-1.7-1.2-.1 0-.2-.1-.3-.1-.3 0-.5-.1-.8-.1s-.6 0-.8.1c-.1 0-.2.1-.3.1-.7.2-1.2.7-1.7 1.2-.8 1-1.6 1.9-2.5 2.9-1.3 1.3-2.9 2.8-2.6 4.8.3 1 1 2 2.3 2.3.7.1 3.2-.5 5.6-.5h.2c2.4 0 4.9.6 5.6.5 1.3-.3 2-1.3 2.3-2.3.3-2.1-1.3-3.6-2.8-4.8z"
  />
);
export const StoreIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props} path="M20 4H4v2h16V4zm1 10v-2l-1-5H4l-1 5v2h1v6h10v-6h4v6h2v-6h1zm-9 4H6v-4h6v4z" />
);
export const PersonIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props} path="M12 12c2.2 0 4-1.8 4-4s-1.8-4-4-4-4 1.8-4 4 1.8 4 4 4zm0 2c-2.7 0-8 1.3-8 4v2h16v-2c0-2.7-5.3-4-8-4z" />
);
export const HelpIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon
    {...props}
    path="M11 18h2v-2h-2v2zm1-16C6.5 2 2 6.5 2 12s4.5 10 10 10 10-4.5 10-10S17.5 2 12 2zm0 18c-4.4 0-8-3.6-8-8s3.6-8 8-8 8 3.6 8 8-3.6 8-8 8zm0-14c-2.2 0-4 1.8-4 4h2c0-1.1.9-2 2-2s2 .9 2 2c0 2-3 1.8-3 5h2c0-2.3 3-2.5 3-5 0-2.2-1.8-4-4-4z"
  />
);
export const MenuOpenIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props} path="M3 18h13v-2H3v2zm0-5h10v-2H3v2zm0-7v2h13V6H3zm18 9.6L17.4 12 21 8.4 19.6 7l-5 5 5 5 1.4-1.4z" />
);
export const MenuIcon = (props: SVGProps<SVGSVGElement>) => <Icon {...props} path="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" />;
export const SettingsIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon
    {...props}
    path="M19.14 12.94c.04-.3.06-.61.06-.94s-.02-.64-.07-.94l2.03-1.58a.49.49 0 0 0 .12-.61l-1.92-3.32a.49.49 0 0 0-.59-.22l-2.39.96a7.03 7.03 0 0 0-1.62-.94l-.36-2.54A.48.48 0 0 0 13.92 2h-3.84a.48.48 0 0 0-.48.41l-.36 2.54c-.59.24-1.13.56-1.62.94l-2.39-.96a.49.49 0 0 0-.59.22L2.72 8.47a.48.48 0 0 0 .12.61l2.03 1.58c-.05.3-.07.62-.07.94s.02.64.07.94l-2.03 1.58a.49.49 0 0 0-.12.61l1.92 3.32c.12.22.37.29.59.22l2.39-.96c.5.38 1.03.7 1.62.94l.36 2.54c.05.24.24.41.48.41h3.84c.24 0 .44-.17.47-.41l.36-2.54c.59-.24 1.13-.56 1.62-.94l2.39.96c.22.08.47 0 .59-.22l1.92-3.32a.48.48 0 0 0-.12-.61l-2.01-1.58zM12 15.6A3.6 3.6 0 1 1 12 8.4a3.6 3.6 0 0 1 0 7.2z"
  />
);
export const TeamIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon
    {...props}
    path="M16 11c1.66 0 2.99-1.34 2.99-3S17.66 5 16 5s-3 1.34-3 3 1.34 3 3 3zm-8 0c1.66 0 2.99-1.34 2.99-3S9.66 5 8 5 5 6.34 5 8s1.34 3 3 3zm0 2c-2.33 0-7 1.17-7 3.5V19h14v-2.5C15 14.17 10.33 13 8 13zm8 0c-.29 0-.62.02-.97.05 1.16.84 1.97 1.97 1.97 3.45V19h6v-2.5c0-2.33-4.67-3.5-7-3.5z"
  />
);
export const ChatIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon {...props} path="M20 2H4a2 2 0 0 0-2 2v18l4-4h14a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2zM6 9h12v2H6V9zm8 5H6v-2h8v2zm4-6H6V6h12v2z" />
);
export const SearchIcon = (props: SVGProps<SVGSVGElement>) => (
  <Icon
    {...props}
    path="M15.5 14h-.8l-.3-.3c1-1.1 1.6-2.6 1.6-4.2a6.5 6.5 0 1 0-6.5 6.5c1.6 0 3.1-.6 4.2-1.6l.3.3v.8l5 5 1.5-1.5-5-5zm-6 0a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9z"
  />
);
