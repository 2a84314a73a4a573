// Marks a field as required in words, not only by colour or an asterisk, so it reads the same to everyone.
export function RequiredMark() {
  return <span className="font-normal text-red-700 dark:text-red-300">(required)</span>;
}
