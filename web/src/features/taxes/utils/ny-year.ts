/** The New York tax year and trade date, from the formatting module (the one place Intl is used). */
export { newYorkDate, newYorkYear } from '@/lib/format';
