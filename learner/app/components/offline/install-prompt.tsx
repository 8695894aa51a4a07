import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '@drone-exam/shared/constants';
import { Button, Container } from '@drone-exam/shared/ui/ui';

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
    <Container className="pt-4">
      <section
        aria-labelledby="install-title"
        className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <div>
          <h2 id="install-title" className="font-semibold text-slate-900">
            Study without a signal
          </h2>
          <p className="text-sm text-slate-600">
            Install {PRODUCT_NAME} on this device to read your saved modules offline.
          </p>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => void install()}>Install</Button>
          <Button variant="ghost" onClick={dismiss}>
            Not now
          </Button>
        </div>
      </section>
    </Container>
  );
}
