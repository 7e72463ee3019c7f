/** The address participants open to reach a wheel. */
export function wheelShareUrl(wheelId: string, origin: string = window.location.origin): string {
  return `${origin}/wheel/${wheelId}`;
}

export interface ShareLink {
  network: 'WhatsApp' | 'Facebook' | 'Twitter' | 'LinkedIn';
  href: string;
}

/**
 * Links that open each network's share screen with the wheel's address. The access code is
 * deliberately left out: it is handed over separately, so a public post does not open the wheel.
 */
export function shareLinks(url: string, wheelName: string): ShareLink[] {
  const text = `Join "${wheelName}" on WheelMeet`;
  const u = encodeURIComponent(url);
  return [
    { network: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${text}: ${url}`)}` },
    { network: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    {
      network: 'Twitter',
      href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(text)}`,
    },
    { network: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}
