import { southAfricanProvinces } from '@letsema/domain';

/** The choices of a province list: a disabled prompt, then South Africa's nine provinces. */
export function ProvinceOptions() {
  return (
    <>
      <option value="" disabled>
        Choose the province
      </option>
      {southAfricanProvinces.map((province) => (
        <option key={province} value={province}>
          {province}
        </option>
      ))}
    </>
  );
}
