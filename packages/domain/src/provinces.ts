/** The nine provinces of South Africa, as a member's profile and a cooperative's details name them. */
export const southAfricanProvinces = [
  'Eastern Cape',
  'Free State',
  'Gauteng',
  'KwaZulu-Natal',
  'Limpopo',
  'Mpumalanga',
  'North West',
  'Northern Cape',
  'Western Cape',
] as const;
export type SouthAfricanProvince = (typeof southAfricanProvinces)[number];
