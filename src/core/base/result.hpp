#pragma once
// A value or an error message. The core library reports every failure this way: loading,
// saving and job validation return a message naming the place, they never throw or crash.

#include <string>
#include <utility>
#include <variant>

namespace marionette {

struct Error {
    std::string message;
};

// Success, or an error message. [[nodiscard]]: a failure dropped unread is a failure nobody
// hears of; a caller that means to drop one says so with a (void) cast and why.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error e) : error_(std::move(e.message)) {}  // NOLINT: implicit on purpose, `return Error{...}`
    static Status success() { return {}; }

    bool ok() const { return error_.empty(); }
    explicit operator bool() const { return ok(); }
    const std::string& message() const { return error_; }

private:
    std::string error_;
};

template <class T>
class [[nodiscard]] Result {
public:
    Result(T value) : data_(std::move(value)) {}  // NOLINT
    Result(Error e) : data_(std::move(e)) {}      // NOLINT

    bool ok() const { return std::holds_alternative<T>(data_); }
    explicit operator bool() const { return ok(); }
    T& value() & { return std::get<T>(data_); }
    const T& value() const& { return std::get<T>(data_); }
    T&& value() && { return std::get<T>(std::move(data_)); }
    const std::string& message() const { return std::get<Error>(data_).message; }
    Status status() const { return ok() ? Status{} : Status{std::get<Error>(data_)}; }

private:
    std::variant<T, Error> data_;
};

}  // namespace marionette
