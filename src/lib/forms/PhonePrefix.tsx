// What stands before a Nigerian phone number's input (PhoneField): the flag and +234, read out as the
// input's description. Apart from the field so that a form drawn before its form library has come
// (the settings page's profile: ProfilePreview) draws the same box.
export function PhonePrefix({ id }: { id: string }) {
  return (
    <span className="field-prefix" id={id}>
      <NigerianFlag />
      <span className="visually-hidden">Nigeria</span> +234
    </span>
  );
}

function NigerianFlag() {
  return (
    <svg className="field-flag" viewBox="0 0 6 4" width="24" height="16" aria-hidden="true" focusable="false">
      <rect width="6" height="4" fill="#fff" />
      <rect width="2" height="4" fill="#008751" />
      <rect x="4" width="2" height="4" fill="#008751" />
      <rect width="6" height="4" fill="none" stroke="#78716c" strokeWidth="0.15" />
    </svg>
  );
}
