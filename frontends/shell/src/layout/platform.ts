// spec §2 / R2.11: on iOS the frame gets extra top padding (the status bar / notch area).
export const IOS_EXTRA_TOP_PADDING = 'max(20px, env(safe-area-inset-top))';

export function isIosPlatform(userAgent: string, platform: string, maxTouchPoints: number): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  // iPadOS 13+ reports itself as a Mac with touch
  return platform === 'MacIntel' && maxTouchPoints > 1;
}

export function topPadding(ios: boolean): string {
  return ios ? IOS_EXTRA_TOP_PADDING : '0px';
}
