/** `email · company`, each keeping its own direction (an address inside Arabic text stays left to right). */
export function EmailAndCompany({ email, companyName }: { email: string; companyName?: string | null }) {
  return (
    <>
      <bdi dir="ltr">{email}</bdi>
      {companyName ? (
        <>
          {' · '}
          <bdi>{companyName}</bdi>
        </>
      ) : null}
    </>
  );
}
