// JSON methods that keep unknown fields (see Extra). One pair per type of model.go.

package menu

func (v *Translation) UnmarshalJSON(b []byte) error {
	type plain Translation
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v Translation) MarshalJSON() ([]byte, error) {
	type plain Translation
	return encodeKeeping(plain(v), v.Extra)
}

func (v *PriceEntry) UnmarshalJSON(b []byte) error {
	type plain PriceEntry
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v PriceEntry) MarshalJSON() ([]byte, error) {
	type plain PriceEntry
	return encodeKeeping(plain(v), v.Extra)
}

func (v *SizePrice) UnmarshalJSON(b []byte) error {
	type plain SizePrice
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v SizePrice) MarshalJSON() ([]byte, error) {
	type plain SizePrice
	return encodeKeeping(plain(v), v.Extra)
}

func (v *Category) UnmarshalJSON(b []byte) error {
	type plain Category
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v Category) MarshalJSON() ([]byte, error) {
	type plain Category
	return encodeKeeping(plain(v), v.Extra)
}

func (v *Product) UnmarshalJSON(b []byte) error {
	type plain Product
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v Product) MarshalJSON() ([]byte, error) {
	type plain Product
	return encodeKeeping(plain(v), v.Extra)
}

func (v *TariffPrices) UnmarshalJSON(b []byte) error {
	type plain TariffPrices
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v TariffPrices) MarshalJSON() ([]byte, error) {
	type plain TariffPrices
	return encodeKeeping(plain(v), v.Extra)
}

func (v *OptionItem) UnmarshalJSON(b []byte) error {
	type plain OptionItem
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v OptionItem) MarshalJSON() ([]byte, error) {
	type plain OptionItem
	return encodeKeeping(plain(v), v.Extra)
}

func (v *OptionGroup) UnmarshalJSON(b []byte) error {
	type plain OptionGroup
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v OptionGroup) MarshalJSON() ([]byte, error) {
	type plain OptionGroup
	return encodeKeeping(plain(v), v.Extra)
}

func (v *Promotion) UnmarshalJSON(b []byte) error {
	type plain Promotion
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v Promotion) MarshalJSON() ([]byte, error) {
	type plain Promotion
	return encodeKeeping(plain(v), v.Extra)
}

func (v *OptionFamily) UnmarshalJSON(b []byte) error {
	type plain OptionFamily
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v OptionFamily) MarshalJSON() ([]byte, error) {
	type plain OptionFamily
	return encodeKeeping(plain(v), v.Extra)
}

func (v *MenuFamilyItem) UnmarshalJSON(b []byte) error {
	type plain MenuFamilyItem
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v MenuFamilyItem) MarshalJSON() ([]byte, error) {
	type plain MenuFamilyItem
	return encodeKeeping(plain(v), v.Extra)
}

func (v *MenuFamily) UnmarshalJSON(b []byte) error {
	type plain MenuFamily
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v MenuFamily) MarshalJSON() ([]byte, error) {
	type plain MenuFamily
	return encodeKeeping(plain(v), v.Extra)
}

func (v *Document) UnmarshalJSON(b []byte) error {
	type plain Document
	return decodeKeeping(b, (*plain)(v), &v.Extra)
}

func (v Document) MarshalJSON() ([]byte, error) {
	type plain Document
	return encodeKeeping(plain(v), v.Extra)
}
