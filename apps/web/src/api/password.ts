import SparkMD5 from 'spark-md5';

/** Spec §7.1: passwords cross the wire only as the lowercase MD5 hex of what was typed. */
export function hashPassword(plain: string): string {
  return SparkMD5.hash(plain);
}
