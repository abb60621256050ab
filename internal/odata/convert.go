package odata

import (
	"errors"
	"fmt"
	"math/big"
	"reflect"
	"sync"
	"time"
)

// Valuer lets a wrapper type (money, dates, enums) take part in filtering
// and sorting: OData returns the primitive the wrapper stands for — nil,
// bool, string, any int/uint/float kind, *big.Rat or time.Time — and that is
// what gets compared. Pointer receivers work too.
type Valuer interface {
	OData() any
}

// float64er is implemented by decimal types such as govalues/decimal.
type float64er interface {
	Float64() (float64, bool)
}

var (
	timeType      = reflect.TypeFor[time.Time]()
	valuerType    = reflect.TypeFor[Valuer]()
	float64erType = reflect.TypeFor[float64er]()
	stringerType  = reflect.TypeFor[fmt.Stringer]()
	ratType       = reflect.TypeFor[big.Rat]()
)

// sType is the static type of an expression, known when compiling against
// the element type. tyAny marks values whose kind is only known per item
// (interfaces and Valuers), which are checked at run time instead.
type sType uint8

// The first five mirror kind, so sType(k) is the static type of a value of
// kind k.
const (
	tyNull = sType(kNull)
	tyBool = sType(kBool)
	tyNum  = sType(kNum)
	tyStr  = sType(kStr)
	tyTime = sType(kTime)
	tyAny  = tyTime + 1
)

func (t sType) String() string {
	if t == tyAny {
		return "dynamic"
	}
	return kind(t).String()
}

// converter turns a reflected member into a value.
type converter func(v reflect.Value) (value, error)

// converterFor builds the converter for values of static type t. Valuers
// are honoured only at the top level (allowValuer): a Valuer that returns
// itself must not send us round in circles.
func converterFor(t reflect.Type, allowValuer bool) (converter, sType, error) {
	if t.Kind() == reflect.Pointer {
		inner, st, err := converterFor(t.Elem(), allowValuer)
		if err != nil {
			return nil, 0, err
		}
		return func(v reflect.Value) (value, error) {
			if v.IsNil() {
				return nullValue, nil
			}
			return inner(v.Elem())
		}, st, nil
	}
	if t.Kind() == reflect.Interface {
		return func(v reflect.Value) (value, error) {
			if v.IsNil() {
				return nullValue, nil
			}
			return reflectedValue(v.Elem(), allowValuer)
		}, tyAny, nil
	}
	if allowValuer {
		if ok, ptr := implements(t, valuerType); ok {
			return func(v reflect.Value) (value, error) {
				recv, err := receiver(v, ptr)
				if err != nil {
					return nullValue, err
				}
				return dynamicValue(recv.(Valuer).OData())
			}, tyAny, nil
		}
	}
	if t == timeType {
		return func(v reflect.Value) (value, error) {
			tm, err := receiver(v, false)
			if err != nil {
				return nullValue, err
			}
			return timeValue(tm.(time.Time), true), nil
		}, tyTime, nil
	}
	if t == ratType { // exact decimals; *big.Rat arrives via the pointer case
		return func(v reflect.Value) (value, error) {
			r, err := receiver(v, true)
			if err != nil {
				return nullValue, err
			}
			return numValue(ratNumber(r.(*big.Rat))), nil
		}, tyNum, nil
	}
	if ok, ptr := implements(t, float64erType); ok {
		return func(v reflect.Value) (value, error) {
			recv, err := receiver(v, ptr)
			if err != nil {
				return nullValue, err
			}
			f, ok := recv.(float64er).Float64()
			if !ok {
				return nullValue, nil
			}
			return floatValue(f), nil
		}, tyNum, nil
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return func(v reflect.Value) (value, error) { return intValue(v.Int()), nil }, tyNum, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return func(v reflect.Value) (value, error) {
			u := v.Uint()
			if u <= 1<<63-1 {
				return intValue(int64(u)), nil
			}
			return numValue(number{kind: nRat, r: new(big.Rat).SetUint64(u)}), nil
		}, tyNum, nil
	case reflect.Float32, reflect.Float64:
		return func(v reflect.Value) (value, error) { return floatValue(v.Float()), nil }, tyNum, nil
	case reflect.String:
		return func(v reflect.Value) (value, error) { return strValue(v.String()), nil }, tyStr, nil
	case reflect.Bool:
		return func(v reflect.Value) (value, error) { return boolValue(v.Bool()), nil }, tyBool, nil
	case reflect.Struct, reflect.Array:
		if ok, ptr := implements(t, stringerType); ok {
			return func(v reflect.Value) (value, error) {
				recv, err := receiver(v, ptr)
				if err != nil {
					return nullValue, err
				}
				return strValue(recv.(fmt.Stringer).String()), nil
			}, tyStr, nil
		}
	}
	return nil, 0, fmt.Errorf("type %s cannot be filtered or sorted on", t)
}

// implements reports whether t or *t implements iface, and which.
func implements(t, iface reflect.Type) (ok, ptr bool) {
	if t.Implements(iface) {
		return true, false
	}
	if reflect.PointerTo(t).Implements(iface) {
		return true, true
	}
	return false, false
}

// receiver returns v (or &v when the method has a pointer receiver) as an
// interface. Slice elements and their fields are addressable; values that
// are not (e.g. held in an interface) are copied so pointer methods still
// work.
func receiver(v reflect.Value, ptr bool) (any, error) {
	if !v.CanInterface() {
		return nil, errors.New("member is not accessible")
	}
	if ptr {
		if !v.CanAddr() {
			c := reflect.New(v.Type())
			c.Elem().Set(v)
			v = c.Elem()
		}
		v = v.Addr()
	}
	return v.Interface(), nil
}

// dynamicValue converts what a Valuer returned. The common primitives are
// handled without reflection.
func dynamicValue(x any) (value, error) {
	switch x := x.(type) {
	case nil:
		return nullValue, nil
	case string:
		return strValue(x), nil
	case bool:
		return boolValue(x), nil
	case int:
		return intValue(int64(x)), nil
	case int64:
		return intValue(x), nil
	case int32:
		return intValue(int64(x)), nil
	case float64:
		return floatValue(x), nil
	case time.Time:
		return timeValue(x, true), nil
	case *big.Rat:
		if x == nil {
			return nullValue, nil
		}
		return numValue(ratNumber(x)), nil
	}
	return reflectedValue(reflect.ValueOf(x), false)
}

type convKey struct {
	t           reflect.Type
	allowValuer bool
}

type convEntry struct {
	conv converter
	err  error
}

var convCache sync.Map // convKey -> convEntry

// reflectedValue converts a value whose type is only known at run time.
func reflectedValue(v reflect.Value, allowValuer bool) (value, error) {
	key := convKey{v.Type(), allowValuer}
	e, ok := convCache.Load(key)
	if !ok {
		conv, _, err := converterFor(v.Type(), allowValuer)
		e, _ = convCache.LoadOrStore(key, convEntry{conv, err})
	}
	ce := e.(convEntry)
	if ce.err != nil {
		return nullValue, ce.err
	}
	return ce.conv(v)
}
