import { lazy, Suspense, useEffect, useState } from 'react';

const LazyInstallOffer = lazy(() =>
  import('./install-offer').then((module) => ({ default: module.InstallOffer })),
);

/** Chromium's install offer, held back until the learner asks for it. */
type InstallOffer = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Remembered on this device: a learner who said "Not now" is not asked again here. */
export const INSTALL_DISMISSED_KEY = 'dronecert-install-dismissed';

function dismissedBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/** Offers to install the site as an app when the browser can, until the learner dismisses it. */
export function InstallPrompt() {
  const [offer, setOffer] = useState<InstallOffer | null>(null);
  useEffect(() => {
    if (dismissedBefore()) return;
    const onOffer = (event: Event) => {
      event.preventDefault();
      setOffer(event as InstallOffer);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!offer) return null;

  const install = async () => {
    await offer.prompt();
    await offer.userChoice;
    setOffer(null);
  };
  const dismiss = () => {
    try {
      localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
    } catch {
      // Private windows may refuse storage: the offer still closes for this visit.
    }
    setOffer(null);
  };
  return (
    <Suspense fallback={null}>
      <LazyInstallOffer install={() => void install()} dismiss={dismiss} />
    </Suspense>
  );
}
