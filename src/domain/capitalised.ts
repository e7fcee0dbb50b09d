/** The text with its first letter in capitals, to start a sentence ("closed every Sunday"). */
export function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`
}
